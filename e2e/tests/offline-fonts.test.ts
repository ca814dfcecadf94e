import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, PHONE, useServiceWorker, slowed } from '../support/browser';
import { signUp } from '../support/donation-flows';
import { baseUrl, browserSuite } from '../support/suite';

// A language first chosen without signal renders in its own letters: the Indic fonts are kept
// on the phone once a signed-in page is idle, not only those of the scripts shown online.

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

/** Which Telugu font files the service worker keeps for offline use. */
function keptTeluguFonts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('annasetu-fonts');
    return (await cache.keys())
      .map((request) => new URL(request.url).pathname)
      .filter((path) => path.includes('noto-sans-telugu-telugu-'));
  });
}

/** The status of each Telugu font face the page declares, by weight, once it has tried them. */
function teluguFaces(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const text = 'తెలుగు';
    await Promise.allSettled(
      ['400', '600'].map((weight) =>
        document.fonts.load(`${weight} 16px "Noto Sans Telugu"`, text),
      ),
    );
    await document.fonts.ready;
    const faces: Record<string, string> = {};
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, '') === 'Noto Sans Telugu') faces[face.weight] = face.status;
    });
    return faces;
  });
}

/** Width of a Telugu word in the Telugu font alone, and in a font without Telugu letters. */
function widths(page: Page): Promise<{ telugu: number; fallback: number }> {
  return page.evaluate(() => {
    const measure = (family: string) => {
      const span = document.createElement('span');
      span.textContent = 'సిగ్నల్ కోసం వేచి ఉంది';
      span.style.font = `400 20px ${family}`;
      span.style.position = 'absolute';
      document.body.append(span);
      const width = span.getBoundingClientRect().width;
      span.remove();
      return width;
    };
    return { telugu: measure('"Noto Sans Telugu"'), fallback: measure('"Noto Sans"') };
  });
}

// This file's pages run the app's service worker: the worker keeps the fonts for offline use.
useServiceWorker();

browserSuite('fonts without signal', ({ browser }) => {
  it('renders Telugu offline on a phone that had shown only English online', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const fontsFetchedByPage: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.woff2')) fontsFetchedByPage.push(request.url());
      });
      await signUp(page, 'volunteer', 'English Rider');
      await page.goto('/requests');
      await page.locator('main#main').waitFor();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.locator('main#main').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // Kept by the service worker once the page was idle; the page itself showed no Telugu.
      await expect
        .poll(
          async () =>
            (await keptTeluguFonts(page)).map((path) => /-(\d00)-normal/.exec(path)?.[1]).sort(),
          {
            timeout: slowed(30_000),
          },
        )
        .toEqual(['400', '600']);
      expect(fontsFetchedByPage.filter((url) => url.includes('telugu'))).toEqual([]);

      // No signal: the person switches to Telugu, and the page is opened again.
      await context.setOffline(true);
      await page
        .locator('select')
        .filter({ has: page.locator('option[value="te"]') })
        .first()
        .selectOption('te');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('te');
      await page.reload();
      await page.locator('main#main').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('te');
      expect(await teluguFaces(page)).toEqual({ '400': 'loaded', '600': 'loaded' });
      expect(
        await page.evaluate(() => document.fonts.check('600 16px "Noto Sans Telugu"', 'తెలుగు')),
      ).toBe(true);
      // The words are drawn with Telugu letters, not with the boxes of a font that lacks them.
      const { telugu, fallback } = await widths(page);
      expect(Math.abs(telugu - fallback)).toBeGreaterThan(10);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'offline-fonts-te.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
