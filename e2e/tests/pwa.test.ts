import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage, useServiceWorker } from '../support/browser';
import { chooseDeviceLanguage, registerThroughUi } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

/** Waits until the service worker is active and controls the page; returns its script URL. */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('service worker not ready in 20 s')), 20_000),
      ),
    ]);
    return registration.active?.scriptURL ?? '';
  });
}

/** A DevTools session with the ServiceWorker domain on, and the page's registration id. */
async function serviceWorkerSession(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL.startsWith(baseUrl) && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

// This file's pages run the app's service worker: the installed app and its worker are what this file tests.
useServiceWorker();

browserSuite(
  'installable app',
  ({ browser }) => {
    it('registers the service worker and serves a web app manifest', async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await page.goto('/');
        expect(await serviceWorkerReady(page)).toBe(`${baseUrl}/sw.js`);
        const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
          name: string;
          icons: { src: string; purpose?: string }[];
        };
        expect(manifest.name).toBe('AnnaSetu');
        expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
        for (const icon of manifest.icons) {
          expect((await page.request.get(icon.src)).status()).toBe(200);
        }
      } finally {
        await context.close();
      }
    });

    it('opens offline from the cache with a translated offline banner', async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await page.goto('/');
        await serviceWorkerReady(page);
        await chooseDeviceLanguage(page, 'hi');
        // Let the worker finish precaching before the network goes.
        await page.reload();
        await page.getByRole('heading', { level: 1 }).first().waitFor();

        await context.setOffline(true);
        await page.reload();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expect
          .poll(() => page.getByTestId('offline-banner').textContent())
          .toContain('आप ऑफ़लाइन हैं।');
        // A deep link works offline too: the shell answers every page.
        await page.goto('/login');
        await expect.poll(() => page.locator('input[type="email"]').count()).toBe(1);

        await context.setOffline(false);
        await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
      } finally {
        await context.close();
      }
    });

    it('keeps a signed-in page open on an offline reload, and asks the server again online', async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(page, 'restaurant');
        await serviceWorkerReady(page);
        // Let the worker finish precaching before the network goes.
        await page.reload();
        const mainNav = page.getByRole('navigation', { name: 'Main' });
        await mainNav.waitFor();

        await context.setOffline(true);
        await page.reload();
        await page.getByTestId('offline-banner').waitFor();
        await mainNav.waitFor();
        expect(new URL(page.url()).pathname).toBe('/dashboard');
        expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(1);

        // Back online, the server decides: here the session is gone, so the app signs out.
        await context.clearCookies();
        await context.setOffline(false);
        await page.waitForURL((url) => url.pathname === '/login');
        expect(
          await page.evaluate(() => window.localStorage.getItem('annasetu.session')),
        ).toBeNull();
      } finally {
        await context.close();
      }
    });

    it('shows a push delivered to the service worker and tells open pages', async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await context.grantPermissions(['notifications'], { origin: baseUrl });
        await page.goto('/');
        await serviceWorkerReady(page);
        await page.evaluate(() => {
          const w = window as unknown as { __pushes: unknown[] };
          w.__pushes = [];
          navigator.serviceWorker.addEventListener('message', (event) =>
            w.__pushes.push(event.data),
          );
        });
        const { cdp, registrationId } = await serviceWorkerSession(context, page);
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseUrl,
          registrationId,
          data: JSON.stringify({
            title: 'नया अनुरोध',
            body: 'Asha ने "Veg biryani" माँगा है।',
            url: '/requests?focus=00000000-0000-4000-8000-000000000002',
            type: 'donation_request',
            lang: 'hi',
            notificationId: '00000000-0000-4000-8000-000000000001',
          }),
        });
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { __pushes: unknown[] }).__pushes))
          .toEqual([
            expect.objectContaining({
              type: 'push',
              payload: expect.objectContaining({ title: 'नया अनुरोध' }),
            }),
          ]);
        const shown = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data as { url: string },
          }));
        });
        expect(shown).toEqual([
          {
            title: 'नया अनुरोध',
            body: 'Asha ने "Veg biryani" माँगा है।',
            data: expect.objectContaining({
              url: '/requests?focus=00000000-0000-4000-8000-000000000002',
            }),
          },
        ]);
      } finally {
        await context.close();
      }
    });
  },
  // Pushes and the push panel: notifications must be grantable (decision 0081).
  { notifications: true },
);
