import { expect, it } from 'vitest';
import { PHONE, openPage } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { expectNoHorizontalScroll, registerThroughUi, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR;

browserSuite('notification settings', ({ browser }) => {
  it('a volunteer in Hindi turns push off for coverage alerts and sets quiet hours on a phone', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await registerThroughUi(page, 'volunteer');
      await page
        .getByRole('combobox', { name: /Language|भाषा/ })
        .first()
        .selectOption('hi');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.goto('/profile');
      const panel = page.getByRole('region', { name: 'सूचना सेटिंग' });
      await panel.waitFor();
      await waitForPageSettled(page);
      const alerts = panel.getByRole('group', { name: 'पास का भोजन जिसे स्वयंसेवक चाहिए' });
      await alerts.getByLabel('पुश').uncheck();
      await panel.getByLabel('शांत समय में पुश और ईमेल रोकें').check();
      await panel.locator('input[name="quietFrom"]').fill('22:30');
      await panel.locator('input[name="quietTo"]').fill('06:00');
      await panel.getByRole('button', { name: 'सूचना सेटिंग सहेजें' }).click();
      await page.getByText('सूचना सेटिंग सहेजी गई').first().waitFor();
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) {
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${SHOTS}/notification-settings-hi-360.png`,
          fullPage: true,
        });
      }

      // Saved on the account: a fresh load shows the same choices.
      await page.reload();
      const again = page.getByRole('region', { name: 'सूचना सेटिंग' });
      await again.waitFor();
      await expect
        .poll(() =>
          again
            .getByRole('group', { name: 'पास का भोजन जिसे स्वयंसेवक चाहिए' })
            .getByLabel('पुश')
            .isChecked(),
        )
        .toBe(false);
      expect(await again.locator('input[name="quietFrom"]').inputValue()).toBe('22:30');
    } finally {
      await context.close();
    }
  });
});
