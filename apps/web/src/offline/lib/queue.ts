import type { QueryClient } from '@tanstack/react-query';
import type { FoodRequest } from '@annasetu/domain';
import { ApiError, apiRequest, isApiError, newIdempotencyKey } from '../../lib/api-client';
import { sessionKeys } from '../../lib/query-keys';
import { replaceQueuedRequest } from './optimistic';
import {
  dependsOn,
  isQueuedRequestId,
  QUEUED_ID_PREFIX,
  queuedRequestId,
  withRequestId,
} from './queued-id';
import { keepDataOf, keepsDataOf, offlineDb, type QueuedAction } from './store';

export { isQueuedRequestId, queuedRequestId } from './queued-id';

/** Thrown by `sendOrQueue` when the action was kept on the device instead of sent. */
export const QUEUED_CODE = 'QUEUED_OFFLINE';

/** Statuses that mean "not now" rather than "no": the action stays queued and is retried. */
const TRY_LATER = new Set([0, 408, 429, 502, 503, 504]);
/** "Not now" answered by the server itself: the action was not applied (unlike 0, 502, 504). */
const NOT_APPLIED = new Set([401, 408, 429, 503]);

type Listener = () => void;

/** The queue as the screens see it: a snapshot kept in memory, refreshed after every change. */
const state = {
  userId: null as string | null,
  actions: [] as QueuedAction[],
  /** The session ended while actions waited: they go once the person signs in again. */
  needsSignIn: false,
  syncing: false,
};
const listeners = new Set<Listener>();
let snapshot = { ...state };

function emit() {
  snapshot = { ...state };
  for (const listener of listeners) listener();
}

export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function queueSnapshot() {
  return snapshot;
}

async function reload() {
  if (!state.userId) {
    state.actions = [];
  } else {
    try {
      const db = await offlineDb();
      const rows = await db.getAllFromIndex('actions', 'byUser', state.userId);
      state.actions = rows.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    } catch {
      // No IndexedDB (private mode in some browsers): the app works online without a queue.
      state.actions = [];
    }
  }
  emit();
}

/** Whose queue is shown and sent (the signed-in user's; null when signed out). */
export async function setQueueUser(userId: string | null): Promise<void> {
  keepDataOf(userId);
  if (state.userId === userId) return;
  state.userId = userId;
  await reload();
}

/** Keeps an action on the device; it is sent, in order, when the connection returns. */
export async function enqueue(
  action: Omit<QueuedAction, 'id' | 'createdAt' | 'state' | 'key' | 'userId'> & { key?: string },
): Promise<void> {
  if (!state.userId) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  const db = await offlineDb();
  // Signed out while the store was opening: nothing of theirs is kept.
  if (!keepsDataOf(state.userId)) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
  await db.add('actions', {
    ...action,
    key: action.key ?? newIdempotencyKey(),
    userId: state.userId,
    createdAt: Date.now(),
    state: 'waiting',
  });
  await reload();
  void registerBackgroundSync();
}

/** Actions being sent now, by id, each with the promise of its answer being recorded. */
const inFlight = new Map<number, Promise<void>>();
/** Actions this page sent and forgot, by id: a cancel that waited for one can say so. */
const sentIds = new Set<number>();

/**
 * What a cancel (or a dismissal) came to. `removed`: it will never be sent (or the refusal was
 * dismissed); `sent`: it went while the cancel waited for its answer; `refused`: the server
 * refused it meanwhile and its card says why; `maybeSent`: a send of it lost its answer, so it
 * may have reached the server and is kept, to be sent again; `gone`: there was nothing to drop.
 */
export type RemoveOutcome = 'removed' | 'sent' | 'refused' | 'maybeSent' | 'gone';

/**
 * Drops an action: cancelled while waiting, or a refusal the person has read. Cancelling a
 * waiting grab also drops what was recorded on its request, which would have nothing to apply to.
 * A cancel never races the sender: an action being sent is waited for and its answer reported;
 * otherwise the sender's claim (`claim`) and this deletion are IndexedDB read-write
 * transactions on the same store, so one of them sees the other's result.
 */
export async function removeAction(id: number): Promise<RemoveOutcome> {
  let waited = false;
  for (;;) {
    const sending = inFlight.get(id);
    if (sending) {
      waited = true;
      await sending;
    }
    const db = await offlineDb();
    const tx = db.transaction('actions', 'readwrite');
    const action = await tx.store.get(id);
    // A send claimed it after the check above (its transaction came first): wait for it.
    if (inFlight.has(id)) {
      await tx.done;
      continue;
    }
    let outcome: RemoveOutcome;
    if (!action) {
      outcome = sentIds.has(id) ? 'sent' : 'gone';
    } else if (action.state === 'refused') {
      outcome = waited ? 'refused' : 'removed';
      if (!waited) await tx.store.delete(id);
    } else if (action.maybeSent) {
      outcome = 'maybeSent';
    } else {
      outcome = 'removed';
      await tx.store.delete(id);
      if (action.kind === 'grab') {
        for (const other of await tx.store.index('byUser').getAll(action.userId)) {
          if (other.id !== undefined && dependsOn(other, action.key)) {
            await tx.store.delete(other.id);
          }
        }
      }
    }
    await tx.done;
    await reload();
    return outcome;
  }
}

/** Everything this device keeps for people: called on sign-out. */
export async function clearOfflineData(): Promise<void> {
  keepDataOf(null);
  const db = await offlineDb();
  const tx = db.transaction(['actions', 'snapshots'], 'readwrite');
  await Promise.all([tx.objectStore('actions').clear(), tx.objectStore('snapshots').clear()]);
  await tx.done;
  state.needsSignIn = false;
  await reload();
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function send(action: QueuedAction): Promise<unknown> {
  if (action.path.includes(QUEUED_ID_PREFIX) || action.targetIds.some(isQueuedRequestId)) {
    // Its grab was refused or cancelled: there is no request to apply it to.
    throw new ApiError(409, 'DONATION_UNAVAILABLE', 'The grab this depends on did not happen');
  }
  let body = action.body;
  if (action.photo) {
    // The photo goes first, under a key of its own derived from the action's: a retry after a
    // lost answer gets the same photo id back instead of a second upload.
    const form = new FormData();
    form.append('photo', action.photo, 'photo.jpg');
    const uploaded = await apiRequest<{ photoId: string }>('POST', '/api/uploads/photos', {
      body: form,
      idempotencyKey: `${action.key}.photo`,
    });
    body = { ...(body as object), photoId: uploaded.photoId };
  }
  return apiRequest(action.method, action.path, { body, idempotencyKey: action.key });
}

/**
 * Sends an action now, or keeps it on the device when there is no signal (the browser says it
 * is offline, or the request could not reach the server). A kept action rejects with
 * ApiError(QUEUED_OFFLINE) so the screen says "waiting for signal" instead of "done".
 */
export async function sendOrQueue<T>(
  action: Omit<QueuedAction, 'id' | 'createdAt' | 'state' | 'key' | 'userId'> & { key?: string },
): Promise<T> {
  const key = action.key ?? newIdempotencyKey();
  // Earlier actions must go first: while some wait, this one joins the end of the queue.
  const waiting = state.actions.some((a) => a.state === 'waiting');
  let maybeSent = false;
  if (!isOffline() && !waiting) {
    try {
      return (await send({ ...action, key, userId: '', createdAt: 0, state: 'waiting' })) as T;
    } catch (error) {
      if (!isApiError(error) || error.status !== 0) throw error;
      // No answer: the request may have reached the server before the signal went.
      maybeSent = true;
    }
  }
  await enqueue({ ...action, key, ...(maybeSent ? { maybeSent } : {}) });
  void flushQueue();
  throw new ApiError(
    0,
    QUEUED_CODE,
    'Saved on this device; it will be sent when the signal returns.',
  );
}

/** True for the "kept on the device" answer of `sendOrQueue`: not a failure to report. */
export function isQueued(error: unknown): boolean {
  return isApiError(error) && error.code === QUEUED_CODE;
}

let queryClient: QueryClient | null = null;

/** The cache to correct from the server after the queue was sent. */
export function attachQueryClient(client: QueryClient) {
  queryClient = client;
}

let flushing: Promise<void> | null = null;
/** Asked to send while a round was under way: another round follows it. */
let askedAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 2_000;

/** After "not now" while the browser says it is online, try again soon, then less often. */
function retrySoon() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushQueue(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, 60_000);
}

/**
 * Sends waiting actions in the order they were taken. A refusal is kept on its card with its
 * code and the rest go on; "no signal" stops the round (the next trigger retries); a 401 stops
 * it and asks the person to sign in again. Runs one round at a time; a trigger that arrives
 * during a round (the signal returning as an offline round ends) starts one more after it.
 */
export function flushQueue(): Promise<void> {
  if (flushing) {
    askedAgain = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      askedAgain = false;
      await sendWaiting();
    } while (askedAgain);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(): Promise<void> {
  try {
    if (isOffline() || !state.userId) return;
    let sent = 0;
    let later = false;
    const tried = new Set<number>();
    // The next waiting action is read afresh each time: sending a grab rewrites the actions
    // recorded on its request.
    for (;;) {
      const action = state.actions.find(
        (a) => a.state === 'waiting' && a.id !== undefined && !tried.has(a.id),
      );
      if (!action || action.id === undefined) break;
      tried.add(action.id);
      state.syncing = true;
      emit();
      const outcome = await sendOne(action.id);
      if (outcome === 'later') {
        later = true;
        break;
      }
      if (outcome === 'signIn') {
        // The session ended while offline: the guard asks for sign-in, then the queue goes.
        state.needsSignIn = true;
        void queryClient?.invalidateQueries({ queryKey: sessionKeys.all });
        break;
      }
      if (outcome !== 'gone') sent += 1;
      await reload();
    }
    if (later) retrySoon();
    else retryDelay = 2_000;
    if (sent > 0) {
      state.needsSignIn = false;
      // The local copy is corrected from the server: every list is asked again.
      await queryClient?.invalidateQueries();
    }
  } catch {
    // IndexedDB unavailable: nothing can have been queued.
  } finally {
    state.syncing = false;
    await reload();
  }
}

/**
 * Sends one action and records its answer. The action is read again (`claim`) rather than taken
 * from memory: a cancel may have dropped it, and a sent grab rewrites the actions recorded on its
 * request. A cancel of this action meanwhile waits until the answer is recorded.
 */
async function sendOne(id: number): Promise<'sent' | 'refused' | 'later' | 'signIn' | 'gone'> {
  let answered = () => {};
  const recorded = new Promise<void>((resolve) => {
    answered = resolve;
  });
  try {
    const action = await claim(id, recorded);
    if (!action) return 'gone';
    try {
      await settle(action, await send(action));
      return 'sent';
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (isApiError(error) && NOT_APPLIED.has(status)) await unclaim(action);
      if (
        !isApiError(error) ||
        TRY_LATER.has(status) ||
        error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS'
      ) {
        return 'later';
      }
      if (status === 401) return 'signIn';
      await refuse(action, error.code);
      return 'refused';
    }
  } finally {
    inFlight.delete(id);
    answered();
  }
}

/**
 * Takes a waiting action for sending, in a read-write transaction: a cancel whose transaction
 * came first has deleted it (null: nothing to send); one that comes after finds it in flight and
 * waits. It is marked as possibly sent before any byte leaves, so a page closed mid-send leaves
 * it uncancellable rather than wrongly cancellable. Answers the stored copy as it was.
 */
async function claim(id: number, recorded: Promise<void>): Promise<QueuedAction | null> {
  const db = await offlineDb();
  const tx = db.transaction('actions', 'readwrite');
  const current = await tx.store.get(id);
  if (!current || current.state !== 'waiting') {
    await tx.done;
    return null;
  }
  inFlight.set(id, recorded);
  await tx.store.put({ ...current, maybeSent: true });
  await tx.done;
  return current;
}

/** The server answered "not now" itself: the attempt did not apply the action. */
async function unclaim(action: QueuedAction): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('actions', 'readwrite');
  const current = await tx.store.get(action.id!);
  if (current) {
    const { maybeSent: _attempt, ...rest } = current;
    await tx.store.put(action.maybeSent ? { ...rest, maybeSent: true } : rest);
  }
  await tx.done;
}

/**
 * Forgets a sent action. A grab's answer holds the request it created: the actions recorded on
 * that request while the grab waited get its real id, in the same transaction, so a reload at
 * any moment finds either the grab still waiting or its dependants ready to go.
 */
async function settle(action: QueuedAction, answer: unknown): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('actions', 'readwrite');
  const requestId = (answer as { request?: { id?: unknown } } | null)?.request?.id;
  if (action.kind === 'grab' && typeof requestId === 'string') {
    const placeholder = queuedRequestId(action.key);
    for (const other of await tx.store.index('byUser').getAll(action.userId)) {
      if (other.id !== action.id && dependsOn(other, action.key)) {
        await tx.store.put(withRequestId(other, placeholder, requestId));
      }
    }
  }
  await tx.store.delete(action.id!);
  await tx.done;
  sentIds.add(action.id!);
  if (action.kind === 'grab' && queryClient && isRequest(answer)) {
    replaceQueuedRequest(queryClient, queuedRequestId(action.key), answer.request);
  }
}

function isRequest(answer: unknown): answer is { request: FoodRequest } {
  const request = (answer as { request?: { id?: unknown } } | null)?.request;
  return typeof request?.id === 'string';
}

/** Keeps a refusal on its card; what was recorded on a refused grab's request is refused too. */
async function refuse(action: QueuedAction, code: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('actions', 'readwrite');
  await tx.store.put({ ...action, state: 'refused', errorCode: code });
  if (action.kind === 'grab') {
    for (const other of await tx.store.index('byUser').getAll(action.userId)) {
      if (other.id !== action.id && other.state === 'waiting' && dependsOn(other, action.key)) {
        await tx.store.put({ ...other, state: 'refused', errorCode: code });
      }
    }
  }
  await tx.done;
}

/** Signs in again after the session ended offline: the waiting actions may go now. */
export function signedInAgain() {
  state.needsSignIn = false;
  emit();
  void flushQueue();
}

/** Asks the browser to wake the app when the connection returns (Chromium's Background Sync). */
async function registerBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as unknown as { sync?: { register(tag: string): Promise<void> } })
      ?.sync;
    await sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // Not supported or not allowed: `online`, focus and start still send the queue.
  }
}

/** The Background Sync tag the service worker answers by asking open pages to send the queue. */
export const BACKGROUND_SYNC_TAG = 'annasetu-queue';
