import { UI_TIMINGS } from '@annasetu/domain';

/** Where the built service worker is served (vite-plugin-pwa, injectManifest). */
export const SERVICE_WORKER_URL = '/sw.js';

type Listener = () => void;
const listeners = new Set<Listener>();
let waitingWorker: ServiceWorker | null = null;

/** The update prompt listens here: a new version is installed and waits for the user's yes. */
export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateReady(): boolean {
  return waitingWorker !== null;
}

function announce(worker: ServiceWorker) {
  waitingWorker = worker;
  listeners.forEach((listener) => listener());
}

/** Switches to the waiting version and reloads once it controls the page. */
export function applyUpdate() {
  const worker = waitingWorker;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function watchForUpdates(registration: ServiceWorkerRegistration) {
  // A first install is not an update: there is no older version on screen.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) {
        announce(installing);
      }
    });
  });
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the service worker once (offline app shell, push). Returns null where the browser
 * has no service workers. Checks for a new version every hour while the app stays open.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return Promise.resolve(null);
  }
  registering ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then((registration) => {
      watchForUpdates(registration);
      setInterval(() => void registration.update().catch(() => {}), 60 * 60_000);
      return registration;
    })
    .catch(() => {
      registering = null;
      return null;
    });
  return registering;
}

/**
 * The registration once its worker is active. Gives up after the product's 10 s, polling every
 * 100 ms, so a worker stuck in installation never leaves a button spinning forever.
 */
export async function activeRegistration(
  timeoutMs: number = UI_TIMINGS.serviceWorkerActivationTimeoutMs,
): Promise<ServiceWorkerRegistration> {
  const registration =
    (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
  if (!registration) throw new Error('SERVICE_WORKER_UNAVAILABLE');
  const deadline = Date.now() + timeoutMs;
  while (!registration.active) {
    if (Date.now() > deadline) throw new Error('SERVICE_WORKER_TIMEOUT');
    await new Promise((resolve) => setTimeout(resolve, UI_TIMINGS.registrationPollMs));
  }
  return registration;
}
