import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage } from '../support/browser';
import { signUp } from '../support/donation-flows';
import { collectErrors, text } from '../support/catalogue';
import { baseUrl, browserSuite } from '../support/suite';
import { chooseDeviceLanguage } from '../support/flows';

interface Look {
  frame: boolean;
  rootHidden: boolean | null;
  /** The visible page heading: its text and where it stands. */
  heading: { text: string; top: number; left: number } | null;
}

/**
 * Records, every animation frame from the first, whether the painted frame is there, whether
 * the app's root is hidden, and the heading a reader sees.
 */
function recordLooks(page: Page) {
  return page.addInitScript(() => {
    const looks: Look[] = [];
    (window as unknown as { __looks: Look[] }).__looks = looks;
    const look = () => {
      const root = document.getElementById('root');
      const visible = [...document.querySelectorAll('h1')].find(
        (h) => h.getClientRects().length > 0,
      );
      const box = visible?.getBoundingClientRect();
      looks.push({
        frame: Boolean(document.getElementById('first-frame')),
        rootHidden: root ? root.hidden : null,
        heading:
          visible && box ? { text: visible.textContent ?? '', top: box.top, left: box.left } : null,
      });
      if (looks.length < 2000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** Consecutive equal looks as one line each: what a reader saw, frame by frame. */
function describeLooks(looks: Look[]): string[] {
  const lines: string[] = [];
  for (const l of looks) {
    const line = `frame=${l.frame} rootHidden=${l.rootHidden} heading=${JSON.stringify(l.heading)}`;
    if (lines.at(-1)?.endsWith(line)) continue;
    lines.push(line);
  }
  return lines;
}

browserSuite('signed-in pages painted from the HTML', ({ browser }) => {
  it("shows a signed-in page in the reader's language before any script runs", async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const member = await signUp(page, 'volunteer', 'Frame Rider');
      const cookies = await context.cookies();
      const bare = await browser().newContext({
        baseURL: baseUrl,
        viewport: PHONE,
        javaScriptEnabled: false,
      });
      try {
        await bare.addCookies([...cookies, { name: 'lang', value: 'te', url: baseUrl }]);
        const scriptless = await bare.newPage();
        await scriptless.goto('/dashboard');
        const welcome = text('te', 'dashboard.welcome').replace('{{name}}', member.name);
        expect(await scriptless.locator('#first-frame h1').textContent()).toBe(welcome);
        expect(await scriptless.locator('#first-frame h1').isVisible()).toBe(true);
        expect(await scriptless.title()).toContain(text('te', 'nav.dashboard'));
        // The phone's bottom bar, in Telugu, and nothing of the app can be used yet.
        const bar = scriptless.locator('#first-frame .bottom-nav');
        expect(await bar.isVisible()).toBe(true);
        expect(await bar.textContent()).toContain(text('te', 'nav.requests'));
        expect(await scriptless.locator('#first-frame').getAttribute('inert')).not.toBeNull();
        expect(await scriptless.locator('#root').getAttribute('hidden')).not.toBeNull();
        // Another signed-in page, another frame: the requests page's heading.
        await scriptless.goto('/requests');
        expect(await scriptless.locator('#first-frame h1').textContent()).toBe(
          text('te', 'sections.requests.title'),
        );
      } finally {
        await bare.close();
      }
    } finally {
      await context.close();
    }
  });

  it('gives way to the app where it stood, without a blank moment or a console error', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const member = await signUp(page, 'foodbank', 'Frame Bank');
      // The device's choice and the cookie the server paints by, once the sign-in page's app
      // has stored the language it started in.
      await chooseDeviceLanguage(page, 'hi');
      await context.addCookies([{ name: 'lang', value: 'hi', url: baseUrl }]);
      const errors = collectErrors(page);
      await recordLooks(page);
      await page.goto('/dashboard');
      await page.waitForFunction(() => !document.getElementById('first-frame'));
      await page
        .getByRole('heading', { level: 1, name: new RegExp(member.name) })
        .waitFor({ state: 'visible' });
      const looks = await page.evaluate(() => (window as unknown as { __looks: Look[] }).__looks);
      // From the first frame that shows a heading (the HTML's, before any script has run).
      const start = looks.findIndex((l) => l.heading);
      expect(looks[start]?.frame).toBe(true);
      looks.splice(0, start);
      const painted = looks.filter((l) => l.frame);
      const app = looks.filter((l) => !l.frame);
      expect(painted.length).toBeGreaterThan(0);
      expect(app.length).toBeGreaterThan(0);
      // While the frame shows, the app's root stays hidden; once it is gone, the root shows.
      expect(painted.every((l) => l.rootHidden === true)).toBe(true);
      expect(app.every((l) => l.rootHidden === false)).toBe(true);
      // A heading is on screen in every frame from the first, and it does not move.
      const welcome = text('hi', 'dashboard.welcome').replace('{{name}}', member.name);
      // On failure, the frames that differ say what a reader saw instead.
      expect(describeLooks(looks.filter((l) => l.heading?.text !== welcome))).toEqual([]);
      const first = looks[0]!.heading!;
      for (const l of looks) {
        expect(Math.abs(l.heading!.top - first.top)).toBeLessThan(1);
        expect(Math.abs(l.heading!.left - first.left)).toBeLessThan(1);
      }
      expect(errors).toEqual([]);
      // The app works: the bottom bar's link goes to the requests page without a reload.
      await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
      await page
        .getByRole('link', { name: text('hi', 'nav.requests') })
        .last()
        .click();
      await page.waitForURL('**/requests');
      expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });
});
