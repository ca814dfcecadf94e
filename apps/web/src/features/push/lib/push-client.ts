import { UI_TIMINGS } from '@annasetu/domain';
import { api, ApiError } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { activeRegistration } from '../../../lib/service-worker';

/** What the opt-in shows: the product's three states plus the reasons push cannot work. */
export type PushState = 'none' | 'in_progress' | 'registered' | 'blocked' | 'unsupported';

/**
 * A failure the user can act on, by code: translated as push.errors.<code> ('taken': the
 * server's errors.PUSH_ENDPOINT_TAKEN, another account of this browser receives them).
 */
export class PushError extends Error {
  constructor(
    readonly code: 'blocked' | 'unsupported' | 'subscribeFailed' | 'timeout' | 'server' | 'taken',
  ) {
    super(code);
    this.name = 'PushError';
  }
}

const REGISTERED_KEY = 'annasetu.push';
const REFRESH_MS = UI_TIMINGS.pushTokenRefreshDays * 24 * 60 * 60_000;

interface StoredRegistration {
  endpoint: string;
  at: number;
}

/** The runtime settings /config.js may have set (see index.html). */
interface RuntimeConfig {
  __ANNASETU_CONFIG__?: { vapidPublicKey?: string };
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function readStored(): StoredRegistration | null {
  try {
    const raw = window.localStorage.getItem(REGISTERED_KEY);
    return raw ? (JSON.parse(raw) as StoredRegistration) : null;
  } catch {
    return null;
  }
}

function writeStored(value: StoredRegistration | null) {
  try {
    if (value) window.localStorage.setItem(REGISTERED_KEY, JSON.stringify(value));
    else window.localStorage.removeItem(REGISTERED_KEY);
  } catch {
    // Storage refused: the subscription is simply refreshed at the next visit.
  }
}

/** The VAPID public key: from /config.js when present, otherwise asked of the API. */
export async function vapidPublicKey(): Promise<string> {
  const configured = (window as RuntimeConfig).__ANNASETU_CONFIG__?.vapidPublicKey;
  if (configured) return configured;
  const { publicKey } =
    await api.get<ApiResponse<'/api/push/public-key', 'get'>>('/api/push/public-key');
  return publicKey;
}

/** base64url (as VAPID keys are written) to the bytes pushManager.subscribe expects. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function sendToServer(subscription: PushSubscription) {
  try {
    await api.post('/api/push/subscriptions', subscription.toJSON());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PUSH_ENDPOINT_TAKEN') {
      throw new PushError('taken');
    }
    throw new PushError('server');
  }
  writeStored({ endpoint: subscription.endpoint, at: Date.now() });
}

async function registration(): Promise<ServiceWorkerRegistration> {
  try {
    return await activeRegistration();
  } catch {
    throw new PushError('timeout');
  }
}

/** The state to show when the page opens. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? 'registered' : 'none';
}

/** Asks for permission, subscribes this browser and registers it with the server. */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushError('unsupported');
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError('blocked');
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(await vapidPublicKey()),
      });
    } catch {
      throw new PushError('subscribeFailed');
    }
  }
  await sendToServer(subscription);
}

/** Stops push to this browser: the server forgets the endpoint, the browser unsubscribes. */
export async function disablePush(): Promise<void> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await api
      .delete('/api/push/subscriptions', { body: { endpoint: subscription.endpoint } })
      .catch(() => undefined); // already gone on the server: unsubscribing is still right
    await subscription.unsubscribe();
  }
  writeStored(null);
}

/**
 * Keeps the server's copy fresh: re-sent after 7 days, or at once when the browser's
 * endpoint changed (the push service may rotate it). Silent: failures retry next visit.
 */
export async function refreshPushIfStale(now = Date.now()): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return false;
  const stored = readStored();
  if (stored && stored.endpoint === subscription.endpoint && now - stored.at < REFRESH_MS) {
    return false;
  }
  await sendToServer(subscription);
  return true;
}
