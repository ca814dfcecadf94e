import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { openPage, PHONE, useServiceWorker, slowed } from '../support/browser';
import {
  apiCall,
  cardFor,
  chooseHolding,
  expectToast,
  postDonation,
  signUp,
} from '../support/donation-flows';
import { chooseDeviceLanguage, enterAmountTaken, PASSWORD } from '../support/flows';
import { makeJpeg } from '../support/photos';
import {
  donationOnServer,
  noticesOf,
  requestsFor,
  staysFor,
  storedActions,
  tokensOf,
} from '../support/offline-queue';
import { baseUrl, browserSuite, it } from '../support/suite';

// The offline queue beyond single actions: a whole pickup recorded on a grab that has not been
// sent yet, a queued action cancelled from its card, and a session that ended while offline.

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');
const QUEUED = 'No signal. Saved on this phone: it will be sent when the connection returns.';
const MAYBE_SENT =
  'It may already have reached the server, so it can no longer be cancelled. It will be confirmed when the signal returns.';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `offline-queue-${name}.png`), fullPage: true });
}

/** Waits until the service worker controls the page, so a reload offline opens the app. */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.locator('main#main').waitFor();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Grabs `food` from the feed with no signal, then opens the requests screen (a reload). */
async function grabOffline(page: Page, context: BrowserContext, food: string) {
  await page.goto('/donations');
  await workerReady(page);
  await cardFor(page, food).waitFor();
  await context.setOffline(true);
  // The page itself must know it has no signal before the tap, or the grab would be sent.
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await cardFor(page, food).getByRole('button', { name: 'Grab' }).click();
  await expectToast(page, QUEUED);
  await page.getByTestId('queued-grab').waitFor();
  await page.goto('/requests');
  await page.locator('main#main').waitFor();
  // A page loaded without signal must know it (or it would try to send the queue).
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Records the collection on the request card of `food`, with a photo, while offline. */
async function collectOffline(page: Page, food: string, destinationId: string) {
  const card = cardFor(page, food);
  await card.getByRole('button', { name: 'Record collection' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Destination\s*\*?$/).selectOption(destinationId);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'food.jpg',
    mimeType: 'image/jpeg',
    buffer: await makeJpeg(page, 2000, 1500),
  });
  await enterAmountTaken(dialog, 20);
  const submit = dialog.getByRole('button', { name: 'Record collection' });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await expectToast(page, QUEUED);
  await card.getByTestId('queued-collect').waitFor();
}

// This file's pages run the app's service worker: field actions queue in the worker while offline.
// The donors' and food banks' pages, which never lose signal here, run without it.
useServiceWorker();

browserSuite('the offline queue', ({ browser }) => {
  it('records a whole pickup on a grab still waiting for signal; each step reaches the server once', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { serviceWorker: false });
    try {
      await signUp(donor.page, 'restaurant', 'Tunnel Dhaba');
      await signUp(volunteer.page, 'volunteer', 'Lift Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Basement Bank');
      const food = `Kadhi chawal ${Date.now().toString(36)}`;
      await postDonation(donor.page, food, { quantity: 20 });
      const vp = volunteer.page;
      const donorTokens = await tokensOf(donor.page);
      const tokensBefore = await tokensOf(vp);
      // This phone has shown Telugu before (its font is kept for offline use).
      await vp.goto('/requests');
      await workerReady(vp);
      await chooseDeviceLanguage(vp, 'te');
      await vp.reload();
      await vp.locator('main#main').waitFor();
      await vp.evaluate(async () => {
        await document.fonts.ready;
      });
      await chooseDeviceLanguage(vp, 'en');

      // No signal from the grab on: the device shows the request the grab will make.
      await grabOffline(vp, volunteer.context, food);
      const card = cardFor(vp, food);
      await card.getByRole('button', { name: 'Record collection' }).waitFor();
      await collectOffline(vp, food, foodbank.id);
      await vp.reload();
      await card.getByTestId('queued-collect').waitFor();
      await card.getByRole('button', { name: 'Mark delivered' }).click();
      await expectToast(vp, QUEUED);
      await card.getByTestId('queued-complete').waitFor();
      await vp.reload();
      await card.getByTestId('queued-complete').waitFor();
      expect(await vp.getByTestId('offline-bar').textContent()).toContain(
        '3 actions are waiting for signal.',
      );
      await shot(vp, 'pickup-queued-en');
      await chooseDeviceLanguage(vp, 'te');
      await vp.reload();
      await cardFor(vp, food).getByTestId('queued-complete').waitFor();
      await shot(vp, 'pickup-queued-te');
      await chooseDeviceLanguage(vp, 'en');
      await vp.reload();
      await card.getByTestId('queued-complete').waitFor();

      // Signal returns: grab, collection (with the grab's request id) and delivery go in order.
      await volunteer.context.setOffline(false);
      await expect.poll(() => storedActions(vp), { timeout: slowed(30_000) }).toBe(0);
      await vp.reload();
      await vp.locator('main#main').waitFor();
      await expect.poll(() => vp.locator('[data-testid^="queued-"]').count()).toBe(0);
      // The lists restored from the phone are asked again: "All" shows the delivered pickup.
      await vp.getByRole('button', { name: 'All', exact: true }).click();
      await card.waitFor();
      expect(await vp.getByText('No requests here').count()).toBe(0);
      await shot(vp, 'pickup-sent-en');
      await chooseDeviceLanguage(vp, 'te');
      await vp.reload();
      const teAll = (await vp.evaluate(async () =>
        (await fetch('/locales/te/translation.json')).json(),
      )) as { requests: { filter: { all: string } } };
      await vp.getByRole('button', { name: teAll.requests.filter.all, exact: true }).click();
      await card.waitFor();
      await shot(vp, 'pickup-sent-te');
      await chooseDeviceLanguage(vp, 'en');

      const requests = await requestsFor(vp, food);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.status).toBe('fulfilled');
      expect(await tokensOf(vp)).toBe(tokensBefore + 5);
      expect(await tokensOf(donor.page)).toBe(donorTokens + 10);
      expect(await noticesOf(bank.page, 'incoming_delivery')).toBe(1);
      const photo = await apiCall<{ photoUrl: string | null }>(
        bank.page,
        'GET',
        `/api/uploads/requests/${requests[0]!.id}/photo`,
      );
      expect(photo.data.photoUrl).toMatch(/^\/api\/uploads\/photos\//);
      // A focus, a reload and another online event send nothing twice.
      await vp.reload();
      await vp.evaluate(() => window.dispatchEvent(new Event('online')));
      await staysFor(1500, async () => {
        expect(await requestsFor(vp, food)).toHaveLength(1);
        expect(await tokensOf(vp)).toBe(tokensBefore + 5);
        expect(await tokensOf(donor.page)).toBe(donorTokens + 10);
        expect(await noticesOf(bank.page, 'incoming_delivery')).toBe(1);
      });
    } finally {
      await donor.context.close();
      await volunteer.context.close();
      await bank.context.close();
    }
  }, 180_000);

  it('refuses what was recorded on a grab the server refused, and says why on each card', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { serviceWorker: false });
    try {
      await signUp(donor.page, 'restaurant', 'Vanishing Kitchen');
      await signUp(volunteer.page, 'volunteer', 'Late Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Patient Bank');
      const food = `Poha ${Date.now().toString(36)}`;
      const donationId = await postDonation(donor.page, food);
      const vp = volunteer.page;
      await grabOffline(vp, volunteer.context, food);
      await collectOffline(vp, food, foodbank.id);
      // Meanwhile the donor withdraws the food.
      expect((await apiCall(donor.page, 'DELETE', `/api/donations/${donationId}`)).status).toBe(
        204,
      );

      await volunteer.context.setOffline(false);
      const refusedGrab = vp.locator('[data-testid="queued-grab"][data-state="refused"]');
      await refusedGrab.waitFor({ timeout: slowed(20_000) });
      expect(await refusedGrab.textContent()).toContain(
        'This donation is no longer available for pickup.',
      );
      // The collection recorded on it is refused too, not sent, and the grab's card says so.
      const actions = await vp.evaluate(async () => {
        const db: IDBDatabase = await new Promise((resolve, reject) => {
          const open = indexedDB.open('annasetu-offline', 1);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const rows = await new Promise<{ kind: string; state: string }[]>((resolve) => {
          const request = db.transaction('actions').objectStore('actions').getAll();
          request.onsuccess = () => resolve(request.result as { kind: string; state: string }[]);
        });
        db.close();
        return rows.map((r) => `${r.kind}:${r.state}`);
      });
      expect(actions.sort()).toEqual(['collect:refused', 'grab:refused']);
      const refusedCollect = vp.locator('[data-testid="queued-collect"][data-state="refused"]');
      expect(await refusedCollect.textContent()).toContain(
        'This donation is no longer available for pickup.',
      );
      // Each refused card names the food it was about.
      expect(await refusedCollect.textContent()).toContain(`Record collection · ${food}`);
      expect(await refusedGrab.textContent()).toContain(`Grab · ${food}`);
      await shot(vp, 'refused-en');
      await chooseDeviceLanguage(vp, 'te');
      await vp.reload();
      const te = (await vp.evaluate(async () =>
        (await fetch('/locales/te/translation.json')).json(),
      )) as { errors: Record<string, string> };
      await expect.poll(() => refusedGrab.textContent()).toContain(te.errors.DONATION_UNAVAILABLE);
      for (const refused of [refusedGrab, refusedCollect]) {
        expect(await refused.textContent()).toContain(food);
        expect(await refused.textContent()).toContain(te.errors.DONATION_UNAVAILABLE);
      }
      await shot(vp, 'refused-te');
      expect(await requestsFor(vp, food)).toHaveLength(0);
      expect(await noticesOf(bank.page, 'incoming_delivery')).toBe(0);
      // Both refusals can be dismissed.
      await refusedCollect.getByRole('button').click();
      await refusedGrab.getByRole('button').click();
      await expect.poll(() => vp.locator('[data-testid^="queued-"]').count()).toBe(0);
    } finally {
      await donor.context.close();
      await volunteer.context.close();
      await bank.context.close();
    }
  });

  it('keeps a grab that found no signal on screen while its lists are asked again', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Flaky Kitchen');
      await signUp(volunteer.page, 'volunteer', 'Patchy Rider');
      const food = `Dhokla ${Date.now().toString(36)}`;
      await postDonation(donor.page, food);
      const vp = volunteer.page;
      await vp.goto('/donations');
      await workerReady(vp);
      await cardFor(vp, food).waitFor();
      // The browser says it is online, but the grab cannot reach the server: it waits, retried.
      const cutOff = (route: Route) => route.abort('internetdisconnected');
      await vp.route('**/api/donations/*/grab', cutOff);
      await cardFor(vp, food).getByRole('button', { name: 'Grab' }).click();
      await expectToast(vp, QUEUED);
      let listsAsked = 0;
      vp.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/requests') listsAsked += 1;
      });
      // A fresh page asks the server for the lists, whose answer lacks the waiting grab's request.
      await vp.goto('/requests');
      await cardFor(vp, food).waitFor();
      const shown = await vp.evaluate(async (name) => {
        const seen: boolean[] = [];
        for (let i = 0; i < 50; i += 1) {
          const headings = [...document.querySelectorAll('main article h2, main article h3')];
          seen.push(headings.some((h) => h.textContent?.trim() === name));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return seen;
      }, food);
      expect(listsAsked).toBeGreaterThan(0);
      expect(shown.filter((on) => !on)).toEqual([]);
      expect(await vp.getByTestId('queued-grab').count()).toBe(1);
      // Its send got no answer, so it may have reached the server: it can no longer be cancelled.
      const kept = vp.getByTestId('queued-grab');
      expect(await kept.textContent()).toContain(MAYBE_SENT);
      expect(await kept.getByRole('button').count()).toBe(0);
      await shot(vp, 'maybe-sent-en');
      await chooseDeviceLanguage(vp, 'te');
      await vp.reload();
      const te = (await vp.evaluate(async () =>
        (await fetch('/locales/te/translation.json')).json(),
      )) as { offline: { card: { maybeSent: string } } };
      await expect.poll(() => kept.textContent()).toContain(te.offline.card.maybeSent);
      await shot(vp, 'maybe-sent-te');
      await chooseDeviceLanguage(vp, 'en');
      await vp.reload();
      await kept.waitFor();

      // The signal really returns: the grab goes once and its card stays, now the server's.
      await vp.unroute('**/api/donations/*/grab', cutOff);
      await vp.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => storedActions(vp), { timeout: slowed(20_000) }).toBe(0);
      await cardFor(vp, food).getByRole('button', { name: 'Record collection' }).waitFor();
      expect(await requestsFor(vp, food)).toHaveLength(1);
    } finally {
      await donor.context.close();
      await volunteer.context.close();
    }
  });

  it('never sends a queued action cancelled from its card, nor what was recorded on it', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { serviceWorker: false });
    try {
      await signUp(donor.page, 'restaurant', 'Patient Canteen');
      await signUp(volunteer.page, 'volunteer', 'Undecided Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Quiet Bank');
      const food = `Upma ${Date.now().toString(36)}`;
      const donationId = await postDonation(donor.page, food);
      const vp = volunteer.page;
      const untouched = { status: 'pending', volunteerId: null };
      await grabOffline(vp, volunteer.context, food);
      // Kept on the phone, not sent: the server (asked by the donor, who has signal) has no grab.
      expect(await donationOnServer(donor.page, donationId)).toMatchObject(untouched);
      await collectOffline(vp, food, foodbank.id);
      await vp.reload();
      const grab = vp.getByTestId('queued-grab');
      await grab.waitFor();
      expect(await vp.evaluate(() => navigator.onLine)).toBe(false);
      expect(await donationOnServer(donor.page, donationId)).toMatchObject(untouched);
      await grab.getByRole('button', { name: new RegExp(`^Cancel: Grab · ${food}`) }).click();
      await expect.poll(() => vp.locator('[data-testid^="queued-"]').count()).toBe(0);
      expect(await storedActions(vp)).toBe(0);
      await expect.poll(() => cardFor(vp, food).count()).toBe(0);

      await volunteer.context.setOffline(false);
      await expect.poll(() => vp.evaluate(() => navigator.onLine)).toBe(true);
      await vp.evaluate(() => window.dispatchEvent(new Event('online')));
      // The queue is sent when the signal returns: for 3 s, nothing of the cancelled grab arrives.
      await staysFor(3000, async () => {
        expect(await requestsFor(vp, food)).toHaveLength(0);
        expect(await donationOnServer(donor.page, donationId)).toMatchObject(untouched);
      });
    } finally {
      await donor.context.close();
      await volunteer.context.close();
      await bank.context.close();
    }
  });

  it('asks to sign in again when the session ended offline, then sends the queue without losing an action', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const member = await signUp(donor.page, 'restaurant', 'Sleepy Canteen');
      const page = donor.page;
      const foods = [1, 2].map((n) => `Idli ${n} ${Date.now().toString(36)}`);
      await page.goto('/donations');
      await workerReady(page);
      await page.getByRole('button', { name: 'Pickup point (drag to move)' }).waitFor();
      await donor.context.setOffline(true);
      for (const food of foods) {
        await page.getByLabel(/^Food items/).fill(food);
        await page.getByLabel(/^Cuisine/).fill('South Indian');
        await page.getByLabel(/^Veg or non-veg/).selectOption('veg');
        await chooseHolding(page);
        await page.getByLabel(/^Quantity/).fill('12');
        await page.getByRole('button', { name: 'Post donation', exact: true }).click();
        await expectToast(page, QUEUED);
        await expect
          .poll(() => page.getByTestId('queued-postDonation').allTextContents())
          .toContainEqual(expect.stringContaining(food));
      }
      // While offline the session ended on the server (expired and purged): the cookie the
      // phone holds is no longer known there.
      const cookies = await donor.context.cookies();
      await donor.context.addCookies(
        cookies
          .filter((c) => c.name === 'sid')
          .map((c) => ({ ...c, value: 'expired-session-token-0000000000000000000000' })),
      );

      await donor.context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      // The app asks for sign-in; nothing was lost.
      await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: slowed(20_000) });
      expect(await storedActions(page)).toBe(2);
      await shot(page, 'sign-in-again-en');

      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      await expect.poll(() => storedActions(page), { timeout: slowed(20_000) }).toBe(0);
      const { data } = await apiCall<{ items: { foodType: string }[] }>(
        page,
        'GET',
        '/api/donations/mine?limit=50',
      );
      for (const food of foods) {
        expect(data.items.filter((d) => d.foodType === food)).toHaveLength(1);
      }
    } finally {
      await donor.context.close();
    }
  });
});
