import { registerServiceWorker } from '../../lib/service-worker';

/**
 * Registers the service worker after the page has loaded, so it never competes with the first
 * paint. Kept out of the landing chunk: main.tsx imports this file on demand.
 */
export function registerAfterLoad() {
  if (!import.meta.env.PROD) return;
  const start = () => void registerServiceWorker();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
