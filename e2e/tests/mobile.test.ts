import { expect, it } from 'vitest';
import { PHONE, openPage } from '../support/browser';
import { expectNoHorizontalScroll, registerThroughUi } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

browserSuite('phone viewport 360x640', ({ browser }) => {
  it('lays out the public pages without sideways scrolling', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoHorizontalScroll(page);
      }
    } finally {
      await context.close();
    }
  });

  it('registers, uses the bottom bar and the menu drawer, and logs out', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await registerThroughUi(page, 'restaurant');
      await expectNoHorizontalScroll(page);

      // The sidebar is hidden off-screen and out of the tab order until opened.
      const logout = page.getByRole('button', { name: 'Log out' });
      await expect.poll(() => logout.isVisible()).toBe(false);

      const quick = page.getByRole('navigation', { name: 'Quick links' });
      await quick.getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL(/\/profile$/);
      await expectNoHorizontalScroll(page);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.getByRole('link', { name: 'Analytics' }).click();
      await page.waitForURL(/\/analytics$/);
      await expect.poll(() => logout.isVisible()).toBe(false);

      // The open drawer keeps focus inside: Tab and Shift+Tab wrap around; Escape closes it
      // and gives focus back to the menu button.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const inDrawer = () =>
        page.evaluate(() =>
          Boolean(document.getElementById('app-sidebar')?.contains(document.activeElement)),
        );
      const focusedName = () =>
        page.evaluate(
          () =>
            document.activeElement?.getAttribute('aria-label') ??
            document.activeElement?.textContent,
        );
      await expect.poll(focusedName).toBe('Close menu');
      for (let i = 0; i < 15; i += 1) {
        await page.keyboard.press('Tab');
        expect(await inDrawer()).toBe(true);
      }
      // From the first stop (the logo link), Shift+Tab wraps to the last (Log out) and back.
      await page.getByRole('button', { name: 'Close menu' }).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await focusedName()).toContain('AnnaSetu');
      await page.keyboard.press('Shift+Tab');
      expect(await focusedName()).toContain('Log out');
      await page.keyboard.press('Tab');
      expect(await focusedName()).toContain('AnnaSetu');
      await page.keyboard.press('Escape');
      await expect.poll(() => logout.isVisible()).toBe(false);
      await expect.poll(focusedName).toBe('Open menu');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await logout.click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
