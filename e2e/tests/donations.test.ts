import { expect, it } from 'vitest';
import { openPage } from '../support/browser';
import {
  cardFor,
  chooseHolding,
  expectToast,
  postDonation,
  sectionFor,
  signUp,
} from '../support/donation-flows';
import { baseUrl, browserSuite } from '../support/suite';

const today = () => new Date().toISOString().slice(0, 10);

browserSuite('donations', ({ browser }) => {
  it('a donor posts a donation; a receiver finds it in the list and on the map and requests it; the donor accepts', async () => {
    const donor = await openPage(browser(), baseUrl);
    const receiver = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'restaurant', 'Annapurna Dhaba');
      await signUp(receiver.page, 'foodbank', 'Roti Bank');
      const food = `Dal makhani and jeera rice ${Date.now().toString(36)}`;

      // The donor fills the form: required fields, unit meals and 6 hours by default.
      const page = donor.page;
      await page.goto('/donations');
      await page.getByRole('heading', { name: 'Post a donation' }).waitFor();
      expect(await page.getByLabel('Unit').inputValue()).toBe('meals');
      expect(await page.getByLabel(/^Safe to eat for/).inputValue()).toBe('6');
      expect(await page.getByLabel('Pickup address').inputValue()).toContain(
        'Annapurna Dhaba Lane',
      );
      expect(await page.getByLabel('Preparation date').inputValue()).toBe(today());
      // The pickup point map starts at the donor's own point.
      await page.getByRole('button', { name: 'Pickup point (drag to move)' }).waitFor();

      await page.getByRole('button', { name: 'Post donation' }).click();
      await page.getByText('Please fill in all required fields').first().waitFor();

      await page.getByLabel(/^Food items/).fill(food);
      await page.getByLabel(/^Cuisine/).fill('Punjabi');
      await page.getByLabel(/^Veg or non-veg/).selectOption('veg');
      await chooseHolding(page);
      await page.getByLabel(/^Quantity/).fill('0');
      await page.getByRole('button', { name: 'Post donation' }).click();
      await page.getByText('Quantity must be a number of at least 1.').first().waitFor();
      await page.getByLabel(/^Quantity/).fill('40');
      await page.getByRole('button', { name: 'Post donation' }).click();
      await expectToast(page, 'Donation created successfully!');
      const mine = cardFor(page, food);
      await mine.waitFor();
      // Focus follows the result: the new card, not <body>.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain(food);
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^donation-card-/);
      expect(await mine.textContent()).toContain('Pending');
      expect(await mine.textContent()).toMatch(/Expires in (5 h 5\d|6 h 0) min/);

      // The receiver finds it within 10 km (the default), with its distance.
      const rp = receiver.page;
      await rp.goto('/donations');
      expect(await rp.getByLabel('Distance').inputValue()).toBe('10');
      const listed = cardFor(rp, food);
      await listed.waitFor();
      // Measured to the pickup point rounded to about 1 km, in 0.5 km steps (decision 0021).
      expect(await listed.textContent()).toMatch(/(?<![\d.])0(\.5)? km away/);

      // ... and on the map: a marker whose popup has the food, quantity, expiry and action.
      await rp.getByRole('button', { name: 'Map', exact: true }).click();
      // The view is in the address: a reload (or a shared link) opens the map again.
      await rp.waitForURL(/\/donations\?view=map$/);
      await rp.reload();
      await rp.locator('.leaflet-container').waitFor();
      expect(
        await rp.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      // Other tests post at the same point, so markers may stack: open it from the keyboard,
      // which reaches the marker even when another one lies on top of it.
      await rp.getByRole('button', { name: `Donation: ${food}` }).press('Enter');
      const popup = rp.locator('.leaflet-popup');
      await popup.waitFor();
      expect(await popup.textContent()).toContain(food);
      expect(await popup.textContent()).toContain('40 meals');
      expect(await popup.textContent()).toMatch(/(?<![\d.])0(\.5)? km away/);
      await popup.getByRole('button', { name: 'Request' }).click();
      const dialog = rp.getByRole('dialog');
      await dialog.getByLabel(/^Message to the donor/).fill('We can pick up before 6 pm.');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expectToast(rp, 'Request sent successfully!');

      // The /map page shows it too.
      await rp.goto('/map');
      await rp.getByRole('button', { name: `Donation: ${food}` }).waitFor();

      // The donor sees one request and accepts it.
      await page.goto('/donations');
      await expect
        .poll(() => cardFor(page, food).getByTestId('request-count').textContent())
        .toBe('1');
      await page.goto('/requests');
      const request = cardFor(page, food);
      await request.getByText('We can pick up before 6 pm.').waitFor();
      await request.getByRole('button', { name: 'Accept' }).click();
      await expectToast(page, 'Request accepted!');
      await expect.poll(() => cardFor(page, food).textContent()).toContain('Accepted');

      // The receiver sees it accepted, addressed to them.
      await rp.goto('/requests');
      await expect.poll(() => cardFor(rp, food).first().textContent()).toContain('Accepted');
    } finally {
      await donor.context.close();
      await receiver.context.close();
    }
  });

  it('a donor schedules a self delivery; the destination accepts it and confirms receipt', async () => {
    const donor = await openPage(browser(), baseUrl);
    const farm = await openPage(browser(), baseUrl);
    try {
      await signUp(donor.page, 'mess', 'Hostel Mess');
      const poultry = await signUp(farm.page, 'poultry', 'Hen House Farm');
      const food = `Leftover rice ${Date.now().toString(36)}`;
      const page = donor.page;
      await page.goto('/donations');
      await page.getByLabel(/^Food items/).fill(food);
      await page.getByLabel(/^Cuisine/).fill('South Indian');
      await page.getByLabel(/^Veg or non-veg/).selectOption('mixed');
      await chooseHolding(page, 'room');
      await page.getByLabel(/^Quantity/).fill('12');
      await page.getByLabel('Unit').selectOption('kg');
      await page.getByRole('radio', { name: /I deliver it myself/ }).check();
      await page.getByRole('button', { name: 'Post donation' }).click();
      await page.getByText('Please choose a destination.').first().waitFor();
      await page.getByLabel(/^Destination type/).selectOption('poultry');
      await page.getByLabel(/^Destination\s*\*?$/).selectOption(poultry.id);
      await page.getByRole('button', { name: 'Post donation' }).click();
      await expectToast(page, 'Donation created successfully!');
      await expectToast(page, 'Self-delivery scheduled with destination');
      await expect.poll(() => cardFor(page, food).textContent()).toContain('Accepted');

      const fp = farm.page;
      await fp.goto('/requests');
      const card = cardFor(sectionFor(fp, 'Incoming deliveries'), food);
      await card.waitFor();
      await card.getByRole('button', { name: 'Accept delivery' }).click();
      await expectToast(fp, 'Delivery accepted');
      await card.getByRole('button', { name: 'Confirm receipt' }).click();
      const dialog = fp.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'Not fit for people' }).check();
      await dialog.getByLabel(/^Note/).fill('Fine for the birds.');
      await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
      await expectToast(fp, 'Receipt confirmed. Thank you!');
      await expect.poll(() => card.textContent()).toContain('Fulfilled');
    } finally {
      await donor.context.close();
      await farm.context.close();
    }
  });

  it('the donor deletes a donation after confirming', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await signUp(page, 'individual', 'Meera Home');
      const keep = `Keep this poha ${Date.now().toString(36)}`;
      const drop = `Delete this upma ${Date.now().toString(36)}`;
      await postDonation(page, keep);
      await postDonation(page, drop);
      await page.goto('/donations');
      const card = cardFor(page, drop);
      await card.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this donation?' });
      // Cancelling keeps it.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await card.waitFor();
      await card.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete donation' }).click();
      await expectToast(page, 'Donation deleted successfully');
      await card.waitFor({ state: 'detached' });
      await cardFor(page, keep).waitFor();
      // The card and its button are gone: focus is on the list's heading.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('my-donations-title');
    } finally {
      await context.close();
    }
  });
});
