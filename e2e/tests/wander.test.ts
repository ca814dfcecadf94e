import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import {
  apiCall,
  cardFor,
  expectToast,
  chooseHolding,
  postDonation,
  sectionFor,
  signUp,
} from '../support/donation-flows';
import { enterAmountTaken, waitForPageSettled } from '../support/flows';
import { browserSuite } from '../support/suite';
import { allowSlowPhones, arrive, follow, open, selectInTurn, stamp } from '../support/wander';

// People do not walk straight through a flow: they pick one thing, then another, then the first
// again, and they press the browser's back button on the way. Each test below changes every
// choice of one flow away and back, goes back once in the middle, then finishes the flow and
// checks what the person sees (toast, card) and what the server stored.

allowSlowPhones();

/** Picks each value in turn in the select with this label: away from the last and back. */
const pickInTurn = (page: Page, label: string | RegExp, values: string[]) =>
  selectInTurn(page.getByLabel(label), values);

/** What the server stored, as this page's user reads it. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const { status, data } = await apiCall<T>(page, 'GET', path);
  expect(status).toBe(200);
  return data;
}

type Stored = Record<string, unknown>;
const storedDonation = async (page: Page, id: string) =>
  (await getJson<{ donation: Stored }>(page, `/api/donations/${id}`)).donation;
const storedRequests = async (page: Page, path = '/api/requests?filter=all') =>
  (await getJson<{ items: (Stored & { id: string; donationId: string })[] }>(page, path)).items;

async function tokensOf(page: Page): Promise<number> {
  const { data } = await apiCall<{ user: { tokens: number } }>(page, 'GET', '/api/me');
  return data.user.tokens;
}

/** The volunteer of this page grabs a donation through the API (for flows after the grab). */
async function grab(page: Page, donationId: string): Promise<string> {
  const { status, data } = await apiCall<{ request: { id: string } }>(
    page,
    'POST',
    `/api/donations/${donationId}/grab`,
  );
  expect(status).toBe(201);
  return data.request.id;
}

browserSuite('wandering through the donation flows', ({ browser }) => {
  it('a donor posts a donation after changing unit, veg type and delivery method away and back (phone)', async () => {
    const donor = await open(browser(), { viewport: PHONE });
    const bank = await open(browser());
    try {
      await signUp(donor.page, 'restaurant', 'Wander Dhaba');
      const foodbank = await signUp(bank.page, 'foodbank', 'Wander Roti Bank');
      const page = donor.page;
      const food = `Wandering pulao ${stamp()}`;
      await page.goto('/dashboard');
      await waitForPageSettled(page);
      await follow(page, 'Donations');
      await arrive(page, /^\/donations$/);

      await page.getByLabel(/^Food items/).fill(food);
      await page.getByLabel(/^Cuisine/).fill('Awadhi');
      await page.getByLabel(/^Quantity/).fill('12');
      await pickInTurn(page, 'Unit', ['kg', 'liters', 'kg']);
      await pickInTurn(page, /^Veg or non-veg/, ['veg', 'nonveg', 'veg']);
      // Hot, then packaged (which asks for its use-by), then hot again: no use-by is asked for.
      await chooseHolding(page, 'hot');
      await page.locator('input[type="radio"][name="holding"][value="packaged"]').check();
      await page.getByLabel(/^Use-by/).waitFor();
      await chooseHolding(page, 'hot');
      await page.getByLabel(/^Use-by/).waitFor({ state: 'detached' });
      // Self delivery to a food bank (and to a nursery for a moment), then a volunteer after all.
      const self = page.getByRole('radio', { name: /I deliver it myself/ });
      const byVolunteer = page.getByRole('radio', { name: /A volunteer collects it/ });
      await self.check();
      await pickInTurn(page, /^Destination type/, ['foodbank', 'nursery', 'foodbank']);
      await page.getByLabel(/^Destination\s*\*?$/).selectOption(foodbank.id);
      await byVolunteer.check();
      await page.getByLabel(/^Destination type/).waitFor({ state: 'detached' });
      await self.check();
      await byVolunteer.check();
      expect(await byVolunteer.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Post donation' }).click();
      await expectToast(page, 'Donation created successfully!');
      expect(await page.getByText('Self-delivery scheduled with destination').count()).toBe(0);
      const card = cardFor(page, food);
      await expect.poll(() => card.textContent()).toContain('Pending');
      const id = (await card.getAttribute('aria-labelledby'))!.replace('donation-', '');

      // Back to the dashboard, whose recent activity has the new donation; then forward again.
      await page.goBack();
      await arrive(page, /^\/dashboard$/);
      await expect.poll(() => sectionFor(page, 'Recent activity').textContent()).toContain(food);
      await follow(page, 'Donations');
      await arrive(page, /^\/donations$/);
      const text = await card.textContent();
      expect(text).toContain('12 kg');
      expect(text).toContain('Vegetarian');
      expect(text).toContain('A volunteer collects it');
      expect(text).toContain('Pending');

      // Stored as last chosen: kg, veg, for a volunteer; no self delivery was scheduled.
      expect(await storedDonation(page, id)).toMatchObject({
        status: 'pending',
        unit: 'kg',
        vegType: 'veg',
        quantity: 12,
        deliveryMethod: 'volunteer',
        volunteerId: null,
      });
      expect((await storedRequests(page)).filter((r) => r.donationId === id)).toEqual([]);
      expect(await storedRequests(bank.page, '/api/requests/incoming')).toEqual([]);
    } finally {
      await donor.context.close();
      await bank.context.close();
    }
  });

  it('a receiver switches view, distance and sort away and back, requests; the donor accepts (phone)', async () => {
    const donor = await open(browser());
    const receiver = await open(browser(), { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Wander Kitchen');
      const bank = await signUp(receiver.page, 'foodbank', 'Wander Seva Bank');
      const food = `Wandering rajma ${stamp()}`;
      const donationId = await postDonation(donor.page, food, { quantity: 18 });
      const other = `Wandering kadhi ${stamp()}`;
      await postDonation(donor.page, other);
      const rp = receiver.page;
      await rp.goto('/dashboard');
      await waitForPageSettled(rp);
      await follow(rp, 'Donations');
      await arrive(rp, /^\/donations$/);

      // Map and back to the list; another distance and sort, and back.
      await rp.getByRole('button', { name: 'Map', exact: true }).click();
      await rp.waitForURL(/view=map/);
      await rp.getByRole('button', { name: `Donation: ${food}` }).waitFor();
      await rp.getByRole('button', { name: 'List', exact: true }).click();
      await rp.waitForURL((url) => !url.search.includes('view=map'));
      await pickInTurn(rp, 'Distance', ['25', '2', '10']);
      await pickInTurn(rp, 'Sort by', ['newest', 'distance']);
      const listed = cardFor(rp, food);
      await listed.waitFor();

      // Asks for the other food first, thinks again (Cancel), then asks for this one.
      await cardFor(rp, other).getByRole('button', { name: 'Request' }).click();
      const first = rp.getByRole('dialog', { name: `Request "${other}"` });
      await first.getByLabel(/^Message to the donor/).fill('Is the kadhi still warm?');
      await first.getByRole('button', { name: 'Cancel' }).click();
      await first.waitFor({ state: 'hidden' });
      await listed.getByRole('button', { name: 'Request' }).click();
      const dialog = rp.getByRole('dialog', { name: `Request "${food}"` });
      const message = dialog.getByLabel(/^Message to the donor/);
      await message.waitFor();
      const leftOver = await message.inputValue();
      await message.fill('We can collect by 7 pm today.');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expectToast(rp, 'Request sent successfully!');
      await dialog.waitFor({ state: 'hidden' });

      // A look at the request, then the back button: the list of donations again.
      await follow(rp, 'Requests');
      await arrive(rp, /^\/requests$/);
      const yours = sectionFor(rp, 'Your requests');
      await expect.poll(() => cardFor(yours, food).textContent()).toContain('Pending');
      await rp.goBack();
      await arrive(rp, /^\/donations$/);
      await cardFor(rp, food).waitFor();

      // The donor accepts it.
      const dp = donor.page;
      await dp.goto('/requests');
      const request = cardFor(dp, food);
      await request.getByText('We can collect by 7 pm today.').waitFor();
      await request.getByRole('button', { name: 'Accept' }).click();
      await expectToast(dp, 'Request accepted!');
      await expect.poll(() => request.textContent()).toContain('Accepted');

      // The receiver sees it accepted; the server has it accepted, the donation too.
      await follow(rp, 'Requests');
      await arrive(rp, /^\/requests$/);
      await expect.poll(() => cardFor(yours, food).textContent()).toContain('Accepted');
      await expect
        .poll(() => cardFor(sectionFor(rp, 'Incoming deliveries'), food).textContent())
        .toContain('Accepted');
      const mine = (await storedRequests(rp)).filter((r) => r.donationId === donationId);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'accepted', destinationUserId: bank.id });
      expect((await storedDonation(dp, donationId)).status).toBe('accepted');
      // The note cancelled for the other donation does not follow into this one's dialog.
      expect(leftOver).toBe('');
    } finally {
      await donor.context.close();
      await receiver.context.close();
    }
  });

  it('a volunteer wanders through the feed, grabs, goes back, and finds it in Requests (phone)', async () => {
    const donor = await open(browser());
    const volunteer = await open(browser(), { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Wander Cafe');
      const rider = await signUp(volunteer.page, 'volunteer', 'Wander Rider');
      const food = `Wandering upma ${stamp()}`;
      const donationId = await postDonation(donor.page, food);
      const vp = volunteer.page;
      await vp.goto('/dashboard');
      await waitForPageSettled(vp);
      await follow(vp, 'Donations');
      await arrive(vp, /^\/donations$/);

      await pickInTurn(vp, 'Distance', ['50', '5', '10']);
      await vp.getByRole('button', { name: 'Map', exact: true }).click();
      await vp.getByRole('button', { name: `Donation: ${food}` }).waitFor();
      await vp.getByRole('button', { name: 'List', exact: true }).click();
      await pickInTurn(vp, 'Sort by', ['newest', 'distance']);
      await cardFor(vp, food).getByRole('button', { name: 'Grab' }).click();
      await expectToast(vp, 'Donation grabbed. Collect it from the pickup address.');
      await arrive(vp, /^\/requests$/);
      await expect.poll(() => cardFor(vp, food).textContent()).toContain('Accepted');

      // Back: the feed no longer offers it. The Requests page still has it, to collect.
      await vp.goBack();
      await arrive(vp, /^\/donations$/);
      await vp.getByText(/donations? found$/).waitFor();
      await expect.poll(() => cardFor(vp, food).count()).toBe(0);
      await follow(vp, 'Requests');
      await arrive(vp, /^\/requests$/);
      const card = cardFor(vp, food);
      await expect.poll(() => card.textContent()).toContain('Accepted');
      await card.getByRole('button', { name: 'Record collection' }).waitFor();

      expect(await storedDonation(vp, donationId)).toMatchObject({ volunteerId: rider.id });
      const carried = (await storedRequests(vp)).filter((r) => r.donationId === donationId);
      expect(carried).toHaveLength(1);
      expect(carried[0]).toMatchObject({ status: 'accepted', volunteerId: rider.id });
      await donor.page.goto('/donations');
      await expect.poll(() => cardFor(donor.page, food).textContent()).toContain('Wander Rider');
    } finally {
      await donor.context.close();
      await volunteer.context.close();
    }
  });

  it('a volunteer collects: Not fit, Good, Not fit; nursery, poultry, nursery; back mid-way (phone)', async () => {
    const donor = await open(browser());
    const volunteer = await open(browser(), { viewport: PHONE });
    const others = await open(browser());
    try {
      await signUp(donor.page, 'restaurant', 'Wander Canteen');
      await signUp(volunteer.page, 'volunteer', 'Wander Cycles');
      const nursery = await signUp(others.page, 'nursery', 'Wander Green Nursery');
      await signUp(others.page, 'poultry', 'Wander Hen Farm');
      await signUp(others.page, 'foodbank', 'Wander Anna Bank');
      const food = `Wandering sambar ${stamp()}`;
      const donationId = await postDonation(donor.page, food, { quantity: 8, unit: 'kg' });
      const vp = volunteer.page;
      const requestId = await grab(vp, donationId);
      await vp.goto('/dashboard');
      await waitForPageSettled(vp);
      await follow(vp, 'Requests');
      await arrive(vp, /^\/requests$/);

      const dialog = vp.getByRole('dialog', { name: `Collect "${food}"` });
      const quality = (name: RegExp) => dialog.getByRole('radio', { name });
      const type = dialog.getByLabel(/^Destination type/);
      const destination = dialog.getByLabel(/^Destination\s*\*?$/);
      const submit = dialog.getByRole('button', { name: 'Record collection' });

      // First go: unfit, a nursery... then the back button with the dialog open.
      await cardFor(vp, food).getByRole('button', { name: 'Record collection' }).click();
      await quality(/^Not fit for people/).check();
      await type.selectOption('nursery');
      await destination.selectOption(nursery.id);
      await vp.goBack();
      await arrive(vp, /^\/dashboard$/);
      await dialog.waitFor({ state: 'detached' });
      await follow(vp, 'Requests');
      await arrive(vp, /^\/requests$/);

      // The dialog starts afresh: good food, to a food bank.
      await cardFor(vp, food).getByRole('button', { name: 'Record collection' }).click();
      await expect.poll(() => quality(/^Good quality/).isChecked()).toBe(true);
      expect(await type.inputValue()).toBe('foodbank');
      await quality(/^Not fit for people/).check();
      await expect.poll(() => type.inputValue()).toBe('');
      await quality(/^Good quality/).check();
      await expect.poll(() => type.inputValue()).toBe('foodbank');
      await expect.poll(() => destination.isEnabled()).toBe(true);
      await quality(/^Not fit for people/).check();
      await expect.poll(() => type.inputValue()).toBe('');
      expect(await submit.isDisabled()).toBe(true);
      await pickInTurn(vp, /^Destination type/, ['nursery', 'poultry', 'nursery']);
      await destination.selectOption(nursery.id);
      await dialog.getByLabel(/^Notes/).fill('Sour by the time I arrived.');
      // The amount changed once: what is shown is what goes.
      await enterAmountTaken(dialog, 9);
      await enterAmountTaken(dialog, 8);
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await expectToast(vp, 'Collection recorded successfully');
      // The destination shows in the dialog for 0.8 s only (the seed's delay): read on the card.
      await dialog.waitFor({ state: 'hidden' });

      await vp.getByRole('button', { name: 'All', exact: true }).click();
      const card = cardFor(vp, food);
      await expect.poll(() => card.textContent()).toContain('Collected');
      expect(await card.textContent()).toContain('Not fit for people');
      expect(await card.textContent()).toContain(nursery.name);
      const stored = (await storedRequests(vp)).find((r) => r.id === requestId);
      expect(stored).toMatchObject({
        status: 'collected',
        quality: 'bad',
        destinationType: 'nursery',
        destinationUserId: nursery.id,
      });
      expect((await storedDonation(vp, donationId)).status).toBe('rejected');
      expect(await tokensOf(donor.page)).toBe(0);
    } finally {
      for (const side of [donor, volunteer, others]) await side.context.close();
    }
  });

  it('a volunteer marks one delivery done; the food bank accepts and confirms the other', async () => {
    const donor = await open(browser());
    const volunteer = await open(browser());
    const receiver = await open(browser());
    try {
      await signUp(donor.page, 'restaurant', 'Wander Bhojanalay');
      await signUp(volunteer.page, 'volunteer', 'Wander Scooter');
      const bank = await signUp(receiver.page, 'foodbank', 'Wander Hope Bank');
      const first = `Wandering idli ${stamp()}`;
      const second = `Wandering khichdi ${stamp()}`;
      const vp = volunteer.page;
      const ids: Record<string, string> = {};
      for (const food of [first, second]) {
        const donationId = await postDonation(donor.page, food);
        const requestId = await grab(vp, donationId);
        const collected = await apiCall(vp, 'POST', '/api/collections', {
          donationId,
          requestId,
          quality: 'good',
          destinationType: 'foodbank',
          destinationUserId: bank.id,
          notes: '',
        });
        expect(collected.status).toBe(201);
        ids[food] = requestId;
      }

      // The volunteer flips the filter away and back, then marks the first one delivered.
      await vp.goto('/requests');
      await waitForPageSettled(vp);
      for (const tab of ['Fulfilled', 'Pending', 'All']) {
        await vp.getByRole('button', { name: tab, exact: true }).click();
        await expect
          .poll(() =>
            vp.getByRole('button', { name: tab, exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
      }
      await cardFor(vp, first).getByRole('button', { name: 'Mark delivered' }).click();
      await expectToast(vp, 'Marked delivered. You earned 5 tokens.');
      await expect.poll(() => cardFor(vp, first).textContent()).toContain('Fulfilled');
      await expect.poll(() => cardFor(vp, second).textContent()).toContain('Collected');

      // The food bank accepts the second, looks at the dashboard, comes back with the back button.
      const bp = receiver.page;
      await bp.goto('/requests');
      await waitForPageSettled(bp);
      const incoming = sectionFor(bp, 'Incoming deliveries');
      await expect.poll(() => cardFor(incoming, first).textContent()).toContain('Fulfilled');
      const card = cardFor(incoming, second);
      await card.getByRole('button', { name: 'Accept delivery' }).click();
      await expectToast(bp, 'Delivery accepted');
      await follow(bp, 'Dashboard');
      await arrive(bp, /^\/dashboard$/);
      await bp.goBack();
      await arrive(bp, /^\/requests$/);
      await expect.poll(() => card.textContent()).toContain('Delivery accepted');

      // Confirm receipt: opened, cancelled, opened again and confirmed.
      const dialog = bp.getByRole('dialog', { name: `Confirm receipt of "${second}"` });
      await card.getByRole('button', { name: 'Confirm receipt' }).click();
      await dialog.getByLabel(/^Note/).fill('Half of it?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Confirm receipt' }).click();
      await dialog.getByLabel(/^Note/).fill('All 25 meals arrived warm.');
      await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
      await expectToast(bp, 'Receipt confirmed. Thank you!');
      await expect.poll(() => card.textContent()).toContain('Fulfilled');

      // Both fulfilled on the server; the volunteer earned 5 tokens for each, once.
      const stored = await storedRequests(bp, '/api/requests/incoming');
      expect(stored.find((r) => r.id === ids[first])).toMatchObject({ status: 'fulfilled' });
      expect(stored.find((r) => r.id === ids[second])).toMatchObject({
        status: 'fulfilled',
        destinationAccepted: true,
      });
      expect(await tokensOf(vp)).toBe(10);
      await vp.reload();
      await vp.getByRole('button', { name: 'Fulfilled', exact: true }).click();
      await expect.poll(() => cardFor(vp, second).textContent()).toContain('Fulfilled');
    } finally {
      for (const side of [donor, volunteer, receiver]) await side.context.close();
    }
  });
});
