import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PHONE, openPage } from '../support/browser';
import { text } from '../support/catalogue';
import { chooseDeviceLanguage, expectNoHorizontalScroll } from '../support/flows';
import { cardFor, expectToast, signUp } from '../support/donation-flows';
import { baseUrl, browserSuite } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');
const hi = (key: string) => text('hi', key);

browserSuite('food safety in Hindi on a phone', ({ browser }) => {
  it('a restaurant posts hot food with allergens; its card shows them and the safe-by time', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(page, 'restaurant', 'Sharma Bhojanalaya');
      await chooseDeviceLanguage(page, 'hi');
      await page.goto('/donations');
      const food = `दाल मखनी और रोटी ${Date.now().toString(36)}`;

      await page.getByLabel(hi('donations.form.foodType'), { exact: false }).fill(food);
      await page.getByLabel(hi('donations.form.cuisine'), { exact: false }).first().fill('पंजाबी');
      await page.getByLabel(hi('donations.form.vegType'), { exact: false }).selectOption('veg');
      await page.getByLabel(hi('donations.form.quantity'), { exact: false }).fill('30');
      // How the food is kept and what it contains.
      await page.getByRole('radio', { name: hi('foodSafety.holding.hot') }).check();
      await page.getByRole('checkbox', { name: hi('foodSafety.allergen.milk') }).check();
      await page.getByRole('checkbox', { name: hi('foodSafety.allergen.gluten') }).check();
      // Cooked now: hot food is safe for people for 4 hours.
      const posted = Date.now();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'food-safety-hi-form.png'), fullPage: true });
      await expectNoHorizontalScroll(page);

      await page.getByRole('button', { name: hi('donations.form.submit') }).click();
      await expectToast(page, hi('donations.toast.created'));

      const card = cardFor(page, food);
      await card.waitFor();
      await expect
        .poll(() => card.getByTestId('allergens').textContent())
        .toBe(`${hi('foodSafety.allergen.gluten')}${hi('foodSafety.allergen.milk')}`);
      await expect.poll(() => card.textContent()).toContain(hi('foodSafety.holding.hot'));
      await expect.poll(() => card.textContent()).toContain(hi('foodSafety.card.safeUntil'));
      const safeUntil = await card.getByTestId('safe-until').textContent();
      // Shown on the device's clock in Hindi; the API gives the instant it was made from.
      const { safeUntil: iso } = await page.evaluate(async () => {
        const answer = await fetch('/api/donations/mine', { credentials: 'include' });
        const body = (await answer.json()) as { items: { safeUntil: string }[] };
        return body.items[0]!;
      });
      const hours = (Date.parse(iso) - posted) / 3_600_000;
      expect(hours).toBeGreaterThan(3.9);
      expect(hours).toBeLessThanOrEqual(4);
      // A date and a clock time, in the reader's language.
      expect(safeUntil).toMatch(/\d{1,2}:\d{2}/);

      await card.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await card.screenshot({ path: join(SHOTS, 'food-safety-hi-card.png') });
    } finally {
      await context.close();
    }
  });
});
