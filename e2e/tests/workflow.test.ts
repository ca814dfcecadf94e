import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, useServiceWorker } from '../support/browser';
import {
  apiCall,
  cardFor,
  expectToast,
  postDonation,
  sectionFor,
  signUp,
} from '../support/donation-flows';
import { catchDialogText, enterAmountTaken } from '../support/flows';
import { duplicateNames } from '../support/names';
import { fetchImage, makeJpeg } from '../support/photos';
import { baseUrl, browserSuite } from '../support/suite';

async function tokensOf(page: Page): Promise<number> {
  const { data } = await apiCall<{ user: { tokens: number } }>(page, 'GET', '/api/me');
  return data.user.tokens;
}

// This file's pages run the app's service worker: the core journey as a returning visitor, whose pages the worker serves.
useServiceWorker();

browserSuite('requests, collection and delivery', ({ browser }) => {
  it('a volunteer grabs and collects good food for a food bank, which accepts and confirms receipt', async () => {
    const donor = await openPage(browser(), baseUrl);
    const volunteer = await openPage(browser(), baseUrl);
    const rival = await openPage(browser(), baseUrl);
    const bank = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'restaurant', 'Spice Route');
      await signUp(volunteer.page, 'volunteer', 'Arjun Rider');
      await signUp(rival.page, 'volunteer', 'Late Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Anna Seva Bank');
      const food = `Veg biryani ${Date.now().toString(36)}`;
      await postDonation(donor.page, food, { quantity: 30 });

      // Both volunteers see it; one grabs first, the other (a tab whose live updates are cut
      // off, so its list is stale) hears it is gone.
      await rival.context.route('**/api/events**', (route) => route.abort());
      const vp = volunteer.page;
      await vp.goto('/donations');
      await rival.page.goto('/donations');
      await cardFor(rival.page, food).waitFor();
      await cardFor(vp, food).getByRole('button', { name: 'Grab' }).click();
      await expectToast(vp, 'Donation grabbed. Collect it from the pickup address.');
      await vp.waitForURL(/\/requests$/);
      await cardFor(rival.page, food).getByRole('button', { name: 'Grab' }).click();
      await expectToast(rival.page, 'This donation is no longer available for pickup.');

      // The donor sees the volunteer on the way.
      await donor.page.goto('/donations');
      await expect.poll(() => cardFor(donor.page, food).textContent()).toContain('Arjun Rider');

      // Collect: good food may go to a food bank only; submit stays disabled without one.
      const card = cardFor(vp, food);
      await expect.poll(() => card.textContent()).toContain('Accepted');
      await card.getByRole('button', { name: 'Record collection' }).click();
      const dialog = vp.getByRole('dialog');
      const submit = dialog.getByRole('button', { name: 'Record collection' });
      expect(await submit.isDisabled()).toBe(true);
      const types = await dialog
        .getByLabel(/^Destination type/)
        .locator('option')
        .allTextContents();
      expect(types).toEqual(['Food bank / NGO']);
      await dialog.getByLabel(/^Destination\s*\*?$/).selectOption(foodbank.id);
      await dialog.getByLabel(/^Notes/).fill('Packed in two steel containers.');
      await enterAmountTaken(dialog, 30);

      // A photo of the food from the phone: it uploads at once; submit waits for it.
      // Screen readers hear one "Add a photo" (the button); the file input behind it is hidden.
      expect(await duplicateNames(dialog)).toEqual([]);
      expect(await dialog.getByRole('button', { name: 'Add a photo' }).count()).toBe(1);
      const picker = dialog.locator('input[type="file"]');
      expect(await picker.getAttribute('accept')).toBe('image/*');
      expect(await picker.getAttribute('capture')).toBe('environment');
      await picker.setInputFiles({
        name: 'biryani.jpg',
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(vp),
      });
      await dialog.getByText('Photo uploaded').waitFor();
      const preview = dialog.getByRole('img', { name: 'The photo you chose' });
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      expect(await submit.isEnabled()).toBe(true);
      // On a 360 px phone the picker and its buttons fit the width.
      await vp.setViewportSize(PHONE);
      for (const control of [
        preview,
        dialog.getByRole('button', { name: 'Remove photo' }),
        submit,
      ]) {
        await control.scrollIntoViewIfNeeded();
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await vp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await vp.setViewportSize(DESKTOP);
      const result = catchDialogText(vp, 'Take the food here');
      await submit.click();
      await expectToast(vp, 'Collection recorded successfully');
      const shown = await result;
      expect(shown).toContain(foodbank.name);
      expect(shown).toContain('Anna Seva Bank Lane');
      // It moves on by itself. The default filter hides collected requests from the list, but
      // the job stays at hand above it ("In your hands"): focus goes to its card there.
      await dialog.waitFor({ state: 'hidden' });
      const inHand = vp.getByRole('region', { name: 'In your hands' });
      await expect
        .poll(() => inHand.evaluate((section) => section.contains(document.activeElement)))
        .toBe(true);
      expect(await vp.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^request-card-/);
      await vp.getByRole('button', { name: 'All', exact: true }).click();
      await expect.poll(() => cardFor(vp, food).textContent()).toContain('Collected');
      expect(await tokensOf(donor.page)).toBe(10);

      // The food bank accepts the incoming delivery and confirms receipt.
      const bp = bank.page;
      await bp.goto('/requests');
      const incoming = cardFor(sectionFor(bp, 'Incoming deliveries'), food);
      await expect.poll(() => incoming.textContent()).toContain('Collected');
      expect(await incoming.textContent()).toContain('Arjun Rider');
      // The pickup photo is on the card, served by the app to the destination.
      const photo = incoming.getByRole('img', { name: `Photo of "${food}" taken at pickup` });
      await photo.waitFor();
      const photoUrl = (await photo.getAttribute('src'))!;
      expect(photoUrl).toMatch(/^\/api\/uploads\/photos\/[0-9a-f-]{36}$/);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(320);
      expect(await fetchImage(bp, photoUrl)).toEqual({
        status: 200,
        type: 'image/jpeg',
        width: 320,
        height: 240,
      });
      // The stored collection carries that photo; the donor sees it, a stranger does not.
      const requestId = (await incoming.getAttribute('aria-labelledby'))!.replace('request-', '');
      const stored = await apiCall<{ photoUrl: string | null }>(
        bp,
        'GET',
        `/api/uploads/requests/${requestId}/photo`,
      );
      expect(stored.data).toEqual({ photoUrl });
      expect((await fetchImage(donor.page, photoUrl)).status).toBe(200);
      expect((await fetchImage(rival.page, photoUrl)).status).toBe(404);
      await incoming.getByRole('button', { name: 'Accept delivery' }).click();
      await expectToast(bp, 'Delivery accepted');
      await expect.poll(() => incoming.textContent()).toContain('Delivery accepted');
      await incoming.getByRole('button', { name: 'Confirm receipt' }).click();
      await bp.getByRole('dialog').getByRole('button', { name: 'Confirm receipt' }).click();
      await expectToast(bp, 'Receipt confirmed. Thank you!');
      await expect.poll(() => incoming.textContent()).toContain('Fulfilled');

      // Tokens and statuses on every side.
      expect(await tokensOf(vp)).toBe(5);
      await vp.reload();
      await vp.getByRole('button', { name: 'Fulfilled', exact: true }).click();
      await expect.poll(() => cardFor(vp, food).textContent()).toContain('Fulfilled');
      await donor.page.goto('/donations');
      await expect.poll(() => cardFor(donor.page, food).textContent()).toContain('Completed');
      await donor.page.goto('/profile');
      await donor.page.getByText('Tokens').first().waitFor();
    } finally {
      for (const side of [donor, volunteer, rival, bank]) await side.context.close();
    }
  });

  it('food not fit for people goes to a poultry farm; the volunteer marks it delivered', async () => {
    const donor = await openPage(browser(), baseUrl);
    const volunteer = await openPage(browser(), baseUrl);
    const farm = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'restaurant', 'Old Town Kitchen');
      await signUp(volunteer.page, 'volunteer', 'Kavya Cycles');
      const poultry = await signUp(farm.page, 'poultry', 'Green Feathers');
      const food = `Stale chapatis ${Date.now().toString(36)}`;
      await postDonation(donor.page, food, { quantity: 5, unit: 'kg' });

      const vp = volunteer.page;
      await vp.goto('/donations');
      await cardFor(vp, food).getByRole('button', { name: 'Grab' }).click();
      await vp.waitForURL(/\/requests$/);
      await cardFor(vp, food).getByRole('button', { name: 'Record collection' }).click();
      const dialog = vp.getByRole('dialog');
      await dialog.getByRole('radio', { name: /Not fit for people/ }).check();
      const types = await dialog
        .getByLabel(/^Destination type/)
        .locator('option')
        .allTextContents();
      expect(types).toEqual(['Choose a type', 'Nursery', 'Poultry farm']);
      await dialog.getByLabel(/^Destination type/).selectOption('poultry');
      await dialog.getByLabel(/^Destination\s*\*?$/).selectOption(poultry.id);
      await enterAmountTaken(dialog, 5);
      await dialog.getByRole('button', { name: 'Record collection' }).click();
      await expectToast(vp, 'Collection recorded successfully');
      await dialog.waitFor({ state: 'hidden' });

      // The farm sees it coming; the donor's donation is marked not fit for people, no tokens.
      await farm.page.goto('/requests');
      const incoming = cardFor(sectionFor(farm.page, 'Incoming deliveries'), food);
      await expect.poll(() => incoming.textContent()).toContain('Collected');
      expect(await incoming.textContent()).toContain('Not fit for people');
      await donor.page.goto('/donations');
      await expect
        .poll(() => cardFor(donor.page, food).textContent())
        .toContain('Not fit for people');
      expect(await tokensOf(donor.page)).toBe(0);

      // The volunteer marks it delivered.
      await vp.getByRole('button', { name: 'All', exact: true }).click();
      await cardFor(vp, food).getByRole('button', { name: 'Mark delivered' }).click();
      await expectToast(vp, 'Marked delivered. You earned 5 tokens.');
      await expect.poll(() => cardFor(vp, food).textContent()).toContain('Fulfilled');
      expect(await tokensOf(vp)).toBe(5);
    } finally {
      for (const side of [donor, volunteer, farm]) await side.context.close();
    }
  });

  it('a requester withdraws a pending request after confirming', async () => {
    const donor = await openPage(browser(), baseUrl);
    const person = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'restaurant', 'Corner Cafe');
      await signUp(person.page, 'individual', 'Ravi Kumar');
      const food = `Idli and sambar ${Date.now().toString(36)}`;
      await postDonation(donor.page, food);
      const page = person.page;
      await page.goto('/donations');
      await cardFor(page, food).getByRole('button', { name: 'Request' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
      await expectToast(page, 'Request sent successfully!');
      await page.goto('/requests');
      await cardFor(page, food).getByRole('button', { name: 'Withdraw' }).click();
      await page
        .getByRole('dialog', { name: 'Withdraw this request?' })
        .getByRole('button', { name: 'Withdraw request' })
        .click();
      await expectToast(page, 'Request status updated');
      await cardFor(page, food).waitFor({ state: 'detached' });
    } finally {
      await donor.context.close();
      await person.context.close();
    }
  });
});
