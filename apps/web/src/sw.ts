/// <reference lib="webworker" />
// The app's own service worker (vite-plugin-pwa, injectManifest): the app shell and the
// translation catalogues are precached so the app opens offline; fonts are cached as the pages
// use them, and the Indic scripts' fonts when an open page asks for them once it is idle (not at
// install: the first visit stays light); pushes are shown and open the page they are about.
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

/** What the build lists (named once: the build writes the list in its place). */
const MANIFEST = self.__WB_MANIFEST;

const urlOf = (entry: string | { url: string }) => (typeof entry === 'string' ? entry : entry.url);
const isFont = (entry: string | { url: string }) => urlOf(entry).endsWith('.woff2');
const FONT_CACHE = 'annasetu-fonts';
/** Font files of this build: listed in the build's manifest but not downloaded at install. */
const FONT_URLS = MANIFEST.filter(isFont).map(
  (entry) => new URL(urlOf(entry), self.location.origin).href,
);
/** The script of an Indic font file (`noto-sans-telugu-telugu-400-normal-<hash>.woff2`). */
const INDIC_FONT = /\/noto-sans-([a-z]+)-\1-\d+-normal-[^/]+\.woff2$/;

cleanupOutdatedCaches();
// Catalogues are requested as /locales/<lng>/translation.json?v=<hash>; the precache holds them
// without the version parameter (the precache has its own revisions).
precacheAndRoute(
  MANIFEST.filter((entry) => !isFont(entry)),
  { ignoreURLParametersMatching: [/^v$/] },
);

// Every page of the app is the same index.html; the API, the chat call and /config.js are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/chat(\/|$)/, /^\/config\.js$/, /^\/sw\.js$/],
  }),
);

// Fonts: the scripts a reader's pages actually show, kept once downloaded.
registerRoute(
  ({ request }) => request.destination === 'font',
  new CacheFirst({ cacheName: FONT_CACHE }),
);

/**
 * Keeps the fonts of `scripts` (in that order) for offline use, so a language first chosen
 * without signal renders in its own letters rather than boxes. Files already kept are skipped;
 * a file that cannot be fetched now is tried again on the page's next request.
 */
async function keepFonts(scripts: string[]): Promise<void> {
  const cache = await caches.open(FONT_CACHE);
  for (const script of scripts) {
    for (const url of FONT_URLS) {
      if (INDIC_FONT.exec(url)?.[1] !== script || (await cache.match(url))) continue;
      await cache.add(url).catch(() => undefined);
    }
  }
}

// Fonts of earlier builds (their names carry another hash) are never asked for again.
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(FONT_CACHE);
      for (const request of await cache.keys()) {
        if (!FONT_URLS.includes(request.url)) await cache.delete(request);
      }
    })(),
  );
});

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
  const data = event.data as { type?: string; scripts?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_FONTS' && Array.isArray(data.scripts)) {
    event.waitUntil(keepFonts(data.scripts.filter((s): s is string => typeof s === 'string')));
  }
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
