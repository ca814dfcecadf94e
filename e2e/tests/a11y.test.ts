import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage } from '../support/browser';
import { postDonation, signUp } from '../support/donation-flows';
import { chooseDeviceLanguage, registerThroughUi } from '../support/flows';
import { seriousViolations } from '../support/axe';
import { baseUrl, browserSuite } from '../support/suite';

const PUBLIC_PAGES = ['/', '/login', '/login?forgot=1', '/register', '/reset-password?token=x'];
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/profile',
  '/donations',
  '/requests',
  '/map',
  '/analytics',
  '/notifications',
  '/chatbot',
];

async function scan(page: Page, path: string, clientSide = false): Promise<string[]> {
  if (clientSide) {
    // Signed-in pages are reached the way people reach them: through the app's own links.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((url) => url.pathname + url.search === path);
  } else {
    await page.goto(path);
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Let web fonts and the session check settle before measuring contrast and layout.
  await page.evaluate(() => document.fonts.ready);
  return (await seriousViolations(page)).map((line) => `${path}: ${line}`);
}

browserSuite('accessibility (axe: no serious or critical violations)', ({ browser }) => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`public pages on ${label}`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport });
      try {
        const problems: string[] = [];
        for (const path of PUBLIC_PAGES) problems.push(...(await scan(page, path)));
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`signed-in pages on ${label}`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport });
      try {
        await registerThroughUi(page, 'foodbank');
        const problems: string[] = [];
        for (const path of SIGNED_IN_PAGES) problems.push(...(await scan(page, path, true)));
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`signed-in pages in Telugu on ${label}, with pins on the map`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, { viewport });
      const kitchen = await openPage(browser(), baseUrl, { viewport });
      try {
        await signUp(kitchen.page, 'restaurant', 'Ruchi');
        const tag = Date.now().toString(36);
        // Two donations at one point: the map spreads their pins (axe target-size).
        await postDonation(kitchen.page, `Pesarattu ${tag}`);
        await postDonation(kitchen.page, `Pulihora ${tag}`);
        await registerThroughUi(page, 'foodbank');
        await chooseDeviceLanguage(page, 'te');
        await page.reload();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const problems: string[] = [];
        for (const path of SIGNED_IN_PAGES) {
          if (path === '/map') {
            await page.goto('/map');
            await page.locator('.leaflet-marker-icon').nth(1).waitFor();
            problems.push(...(await scan(page, path)));
          } else {
            problems.push(...(await scan(page, path, true)));
          }
          expect(await page.evaluate(() => document.documentElement.lang)).toBe('te');
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
        await kitchen.context.close();
      }
    });
  }

  it('reports a problem planted on a clean page, and not inside an excluded part', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      expect(await scan(page, '/')).toEqual([]);
      await page.evaluate(() => {
        const faint = document.createElement('p');
        faint.id = 'planted';
        faint.textContent = 'Pale grey words on white';
        faint.style.cssText = 'color:#eeeeee;background:#ffffff';
        document.querySelector('main')?.append(faint);
      });
      const found = await seriousViolations(page);
      expect(found.join('\n')).toMatch(/serious color-contrast: .*#planted/);
      expect(await seriousViolations(page, ['#planted'])).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the Hindi landing page and the nursery dashboard', async () => {
    const hindi = await openPage(browser(), baseUrl, { locale: 'hi-IN' });
    const english = await openPage(browser(), baseUrl);
    try {
      const problems = await scan(hindi.page, '/');
      await registerThroughUi(english.page, 'nursery');
      problems.push(...(await scan(english.page, '/dashboard/nursery-poultry')));
      expect(problems).toEqual([]);
    } finally {
      await hindi.context.close();
      await english.context.close();
    }
  });
});
