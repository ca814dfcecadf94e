/// <reference lib="webworker" />
// The app's own service worker (vite-plugin-pwa, injectManifest): the app shell and the
// translation catalogues are precached so the app opens offline; fonts are cached as the pages
// use them (precaching every script's font would download all of them); pushes are shown and
// open the page they are about.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  type?: string;
  lang?: string;
  notificationId?: string;
}

cleanupOutdatedCaches();
// Catalogues are requested as /locales/<lng>/translation.json?v=<hash>; the precache holds them
// without the version parameter (the precache has its own revisions).
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^v$/] });

// Every page of the app is the same index.html; the API, the chat call and /config.js are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/chat(\/|$)/, /^\/config\.js$/, /^\/sw\.js$/],
  }),
);

// Fonts: only the scripts a reader's pages actually show, kept once downloaded.
registerRoute(
  ({ request }) => request.destination === 'font',
  new CacheFirst({ cacheName: 'annasetu-fonts' }),
);

// Date and time data for a language the browser lacks: hashed names, so kept once downloaded.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/cldr-'),
  new CacheFirst({ cacheName: 'annasetu-cldr' }),
);

// Runtime settings change without a rebuild: fresh when online, the last copy when offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.js',
  new NetworkFirst({ cacheName: 'annasetu-config', networkTimeoutSeconds: 3 }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

function readPayload(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    return event.data.json() as PushPayload;
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPayload(event);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(payload.title || 'AnnaSetu', {
        body: payload.body ?? '',
        lang: payload.lang,
        tag: payload.notificationId,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: payload.url ?? '/notifications', notificationId: payload.notificationId },
      });
      // Open pages refresh their badge at once (the live stream usually got there first).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'push', payload });
    })(),
  );
});

/** Only paths of this app: a push can never send the reader to another site. */
function targetUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/notifications', self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/notifications`;
  } catch {
    return `${self.location.origin}/notifications`;
  }
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = targetUrl((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const existing = windows.find(
        (client) => new URL(client.url).origin === self.location.origin,
      );
      if (existing) {
        const focused = await existing.focus();
        await (focused ?? existing).navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// Background Sync: when the connection returns, open pages send the actions queued offline.
// The page sends them (it has the CSRF token and the queue's order); the worker only wakes it.
self.addEventListener('sync', ((event: ExtendableEvent & { tag: string }) => {
  if (event.tag !== 'annasetu-queue') return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'annasetu-sync' });
    })(),
  );
}) as EventListener);
