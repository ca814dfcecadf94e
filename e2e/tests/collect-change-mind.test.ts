import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage } from '../support/browser';
import { text } from '../support/catalogue';
import { apiCall, cardFor, expectToast, postDonation, signUp } from '../support/donation-flows';
import { catchDialogText, chooseDeviceLanguage, enterAmountTaken } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

async function tokensOf(page: Page): Promise<number> {
  const { data } = await apiCall<{ user: { tokens: number } }>(page, 'GET', '/api/me');
  return data.user.tokens;
}

// The volunteer at the kitchen door first judges the food unfit, then changes their mind: the
// dialog must offer the food banks again and record the collection (issue: a changed quality
// left the destination disabled for good).
browserSuite('a volunteer changes the food quality in the collect dialog', ({ browser }) => {
  for (const language of ['en', 'te'] as const) {
    it(`Not fit, then Good: the food bank is offered and the collection is recorded (${language}, phone)`, async () => {
      const t = (key: string) => text(language, key);
      const donor = await openPage(browser(), baseUrl);
      const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
      const bank = await openPage(browser(), baseUrl);
      try {
        await signUp(donor.page, 'restaurant', 'Mind Change Kitchen');
        await signUp(volunteer.page, 'volunteer', 'Second Thought Rider');
        const foodbank = await signUp(bank.page, 'foodbank', 'Change Mind Food Bank');
        const food = `Curd rice ${language} ${Date.now().toString(36)}`;
        await postDonation(donor.page, food, { quantity: 12 });

        const vp = volunteer.page;
        await chooseDeviceLanguage(vp, language);
        await vp.goto('/donations');
        await cardFor(vp, food)
          .getByRole('button', { name: t('donations.actions.grab') })
          .click();
        await expectToast(vp, t('donations.toast.grabbed'));
        await vp.waitForURL(/\/requests$/);
        await cardFor(vp, food)
          .getByRole('button', { name: t('requests.actions.collect') })
          .click();

        const dialog = vp.getByRole('dialog');
        const type = dialog.getByRole('combobox', { name: t('destination.type'), exact: true });
        const destination = dialog.getByRole('combobox', {
          name: t('destination.user'),
          exact: true,
        });
        const submit = dialog.getByRole('button', { name: t('requests.collect.submit') });
        const quality = (key: 'good' | 'bad') =>
          dialog.getByRole('radio', { name: new RegExp(`^${t(`requests.quality.${key}`)}`) });

        // Not fit: a nursery or a poultry farm must be chosen; then back to good.
        await quality('bad').check();
        await expect.poll(() => type.inputValue()).toBe('');
        await quality('good').check();
        expect(await quality('good').isChecked()).toBe(true);
        await expect.poll(() => type.inputValue()).toBe('foodbank');
        // The food banks are offered: the list is enabled and holds the one that signed up.
        await expect.poll(() => destination.isEnabled()).toBe(true);
        expect(await dialog.textContent()).not.toContain(t('destination.chooseTypeFirst'));
        await destination.selectOption(foodbank.id);
        await enterAmountTaken(dialog, 12);
        await expect.poll(() => submit.isEnabled()).toBe(true);
        // The result shows for the seed's 0.8 s before the dialog closes: caught as it appears.
        const result = catchDialogText(vp, t('requests.collect.doneTitle'));
        await submit.click();
        await expectToast(vp, t('requests.toast.collected'));
        expect(await result).toContain(foodbank.name);

        // The seed's outcome of a good collection: collected, 10 tokens to the donor, the food
        // bank sees it coming.
        await dialog.waitFor({ state: 'hidden' });
        await vp.getByRole('button', { name: t('requests.filter.all'), exact: true }).click();
        await expect
          .poll(() => cardFor(vp, food).textContent())
          .toContain(t('requests.status.collected'));
        expect(await tokensOf(donor.page)).toBe(10);
        const incoming = await apiCall<{ items: { foodType: string; status: string }[] }>(
          bank.page,
          'GET',
          '/api/requests/incoming',
        );
        expect(incoming.data.items.find((item) => item.foodType === food)?.status).toBe(
          'collected',
        );
      } finally {
        for (const side of [donor, volunteer, bank]) await side.context.close();
      }
    });
  }
});
