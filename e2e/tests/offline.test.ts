import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, PHONE, useServiceWorker, slowed } from '../support/browser';
import {
  apiCall,
  cardFor,
  chooseHolding,
  expectToast,
  postDonation,
  signUp,
} from '../support/donation-flows';
import {
  chooseDeviceLanguage,
  enterAmountTaken,
  logoutThroughUi,
  waitForPageSettled,
} from '../support/flows';
import { fillPhone } from '@annasetu/test-kit';
import { focusedRow, windowedLists } from '../support/long-lists';
import { makeJpeg } from '../support/photos';
import { baseUrl, browserSuite } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');
const QUEUED = 'No signal. Saved on this phone: it will be sent when the connection returns.';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `offline-${name}.png`), fullPage: true });
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

async function tokensOf(page: Page): Promise<number> {
  const { data } = await apiCall<{ user: { tokens: number } }>(page, 'GET', '/api/me');
  return data.user.tokens;
}

async function noticesOf(page: Page, type: string): Promise<number> {
  const { data } = await apiCall<{ items: { type: string }[] }>(
    page,
    'GET',
    `/api/notifications?type=${type}`,
  );
  return data.items.filter((n) => n.type === type).length;
}

// This file's pages run the app's service worker: the app works offline from its cached shell.
// The pages of people who never lose signal here run without it.
useServiceWorker();

browserSuite('works without signal', ({ browser }) => {
  it('a volunteer grabs, collects with a photo and marks delivered without signal; the server counts each once', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { serviceWorker: false });
    try {
      await signUp(donor.page, 'restaurant', 'Offline Dhaba');
      await signUp(volunteer.page, 'volunteer', 'Basement Rider');
      const foodbank = await signUp(bank.page, 'foodbank', 'Signal Bank');
      const food = `Rajma chawal ${Date.now().toString(36)}`;
      await postDonation(donor.page, food, { quantity: 20 });
      const vp = volunteer.page;
      await vp.goto('/donations');
      await workerReady(vp);
      const tokensBefore = await tokensOf(vp);

      // No signal: the grab waits on the phone, and survives a reload.
      await cardFor(vp, food).waitFor();
      await volunteer.context.setOffline(true);
      await cardFor(vp, food).getByRole('button', { name: 'Grab' }).click();
      await expectToast(vp, QUEUED);
      const waitingGrab = vp.getByTestId('queued-grab');
      await expect.poll(() => waitingGrab.textContent()).toContain('Waiting for signal: Grab');
      // Not taken twice while it waits.
      expect(await cardFor(vp, food).getByRole('button', { name: 'Grab' }).isDisabled()).toBe(true);
      await shot(vp, 'queued-en');
      await vp.reload();
      await waitingGrab.waitFor();
      await vp.getByTestId('offline-bar').waitFor();

      // Signal returns: the grab goes, the request card arrives.
      await volunteer.context.setOffline(false);
      await expect.poll(() => waitingGrab.count(), { timeout: slowed(15_000) }).toBe(0);
      await vp.goto('/requests');
      const card = cardFor(vp, food);
      await card.getByRole('button', { name: 'Record collection' }).waitFor();

      // No signal again: record the collection with a photo, reload, mark it delivered.
      await volunteer.context.setOffline(true);
      await card.getByRole('button', { name: 'Record collection' }).click();
      const dialog = vp.getByRole('dialog');
      await dialog.getByLabel(/^Destination\s*\*?$/).selectOption(foodbank.id);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'rajma.jpg',
        mimeType: 'image/jpeg',
        buffer: await makeJpeg(vp, 2400, 1800),
      });
      await enterAmountTaken(dialog, 20);
      const submit = dialog.getByRole('button', { name: 'Record collection' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();
      await expectToast(vp, QUEUED);
      await expect
        .poll(() => card.getByTestId('queued-collect').textContent())
        .toContain('Waiting for signal: Record collection');
      await vp.reload();
      await card.getByTestId('queued-collect').waitFor();
      await card.getByRole('button', { name: 'Mark delivered' }).click();
      await expectToast(vp, QUEUED);
      await card.getByTestId('queued-complete').waitFor();
      await vp.reload();
      await card.getByTestId('queued-complete').waitFor();
      expect(await vp.getByTestId('offline-bar').textContent()).toContain(
        '2 actions are waiting for signal.',
      );

      const requestId = (await card.getAttribute('aria-labelledby'))!.replace('request-', '');

      // Signal returns: both go, in order, once.
      await volunteer.context.setOffline(false);
      await expect
        .poll(() => vp.locator('[data-testid^="queued-"]').count(), { timeout: slowed(20_000) })
        .toBe(0);
      await shot(vp, 'sent-en');
      // Focus and reload send nothing twice.
      await vp.reload();
      await vp.locator('main#main').waitFor();
      expect(await tokensOf(donor.page)).toBe(10);
      expect(await tokensOf(vp)).toBe(tokensBefore + 5);
      expect(await noticesOf(bank.page, 'incoming_delivery')).toBe(1);
      // The photo went with the collection, shrunk on the phone to at most 1600 px.
      const photo = await apiCall<{ photoUrl: string | null }>(
        bank.page,
        'GET',
        `/api/uploads/requests/${requestId}/photo`,
      );
      expect(photo.data.photoUrl).toMatch(/^\/api\/uploads\/photos\//);
      const size = await bank.page.evaluate(async (url) => {
        const blob = await (await fetch(url)).blob();
        const bitmap = await createImageBitmap(blob);
        return { width: bitmap.width, bytes: blob.size };
      }, photo.data.photoUrl!);
      expect(size.width).toBeLessThanOrEqual(1600);
      expect(size.bytes).toBeLessThan(300 * 1024);
    } finally {
      await donor.context.close();
      await volunteer.context.close();
      await bank.context.close();
    }
  });

  it('two volunteers grab the same donation without signal: one wins, the other is told why', async () => {
    const donor = await openPage(browser(), baseUrl, { serviceWorker: false });
    const first = await openPage(browser(), baseUrl, { viewport: PHONE });
    const second = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Twin Kitchen');
      await signUp(first.page, 'volunteer', 'First Rider');
      await signUp(second.page, 'volunteer', 'Second Rider');
      const food = `Chole kulche ${Date.now().toString(36)}`;
      const donationId = await postDonation(donor.page, food);
      // The second volunteer uses the app in Telugu.
      await chooseDeviceLanguage(second.page, 'te');
      for (const { page } of [first, second]) {
        await page.goto('/donations');
        await workerReady(page);
        await cardFor(page, food).waitFor();
      }
      await first.context.setOffline(true);
      await second.context.setOffline(true);
      await cardFor(first.page, food).getByRole('button', { name: 'Grab' }).click();
      await cardFor(second.page, food).getByRole('button', { name: 'తీసుకోండి' }).click();
      await second.page.getByTestId('queued-grab').waitFor();
      await shot(second.page, 'queued-te');

      await first.context.setOffline(false);
      await expect
        .poll(() => first.page.getByTestId('queued-grab').count(), { timeout: slowed(15_000) })
        .toBe(0);
      // The winner's phone, in English and then in Telugu, once the grab went.
      await first.page.goto('/requests');
      await cardFor(first.page, food).waitFor();
      await shot(first.page, 'sent-grab-en');
      await chooseDeviceLanguage(first.page, 'te');
      await first.page.reload();
      await cardFor(first.page, food).waitFor();
      await shot(first.page, 'sent-grab-te');
      await second.context.setOffline(false);
      const refused = second.page.locator('[data-testid="queued-grab"][data-state="refused"]');
      await refused.waitFor({ timeout: slowed(15_000) });
      // The seed's message, in Telugu.
      const te = (await second.page.evaluate(async () =>
        (await fetch('/locales/te/translation.json')).json(),
      )) as { errors: Record<string, string> };
      expect(await refused.textContent()).toContain(te.errors.DONATION_UNAVAILABLE);
      await shot(second.page, 'refused-te');
      await chooseDeviceLanguage(second.page, 'en');
      await second.page.reload();
      await expect
        .poll(() => refused.textContent())
        .toContain('This donation is no longer available for pickup.');
      await shot(second.page, 'refused-en');

      const { data } = await apiCall<{ donation: { status: string; volunteerName?: string } }>(
        donor.page,
        'GET',
        `/api/donations/${donationId}`,
      );
      expect(data.donation.status).not.toBe('pending');
      // Dismissing the refusal clears it; nothing else was queued.
      await refused.getByRole('button').click();
      await expect.poll(() => refused.count()).toBe(0);
    } finally {
      await donor.context.close();
      await first.context.close();
      await second.context.close();
    }
  });

  it('a donor posts a donation without signal, a receiver sees it after reconnection; signing out without signal holds', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    const receiver = await openPage(browser(), baseUrl, { serviceWorker: false });
    try {
      await signUp(donor.page, 'restaurant', 'Hill Canteen');
      await signUp(receiver.page, 'foodbank', 'Valley Bank');
      const food = `Aloo paratha ${Date.now().toString(36)}`;
      const page = donor.page;
      await page.goto('/donations');
      await workerReady(page);
      await page.getByRole('heading', { name: 'Post a donation' }).waitFor();
      await page.getByRole('button', { name: 'Pickup point (drag to move)' }).waitFor();
      await donor.context.setOffline(true);
      await page.getByLabel(/^Food items/).fill(food);
      await page.getByLabel(/^Cuisine/).fill('Punjabi');
      await page.getByLabel(/^Veg or non-veg/).selectOption('veg');
      await chooseHolding(page);
      await page.getByLabel(/^Quantity/).fill('15');
      await page.getByRole('button', { name: 'Post donation' }).click();
      await expectToast(page, QUEUED);
      const waiting = page.getByTestId('queued-postDonation');
      await expect.poll(() => waiting.textContent()).toContain(`Post donation · ${food}`);
      await page.reload();
      await waiting.waitFor();

      await donor.context.setOffline(false);
      await expect.poll(() => waiting.count(), { timeout: slowed(15_000) }).toBe(0);
      await cardFor(page, food).waitFor();
      const { data } = await apiCall<{ items: { foodType: string }[] }>(
        receiver.page,
        'GET',
        '/api/donations/available',
      );
      expect(data.items.filter((d) => d.foodType === food)).toHaveLength(1);

      // Signing out leaves nothing of this person on the phone.
      const stored = () =>
        page.evaluate(async () => {
          const db: IDBDatabase = await new Promise((resolve, reject) => {
            const open = indexedDB.open('annasetu-offline', 1);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const count = (store: string) =>
            new Promise<number>((resolve) => {
              const request = db.transaction(store).objectStore(store).count();
              request.onsuccess = () => resolve(request.result);
            });
          const counts = [await count('actions'), await count('snapshots')];
          db.close();
          return counts;
        });
      await expect.poll(stored).toEqual([0, 1]);
      // Signing out with no signal signs out at once and leaves nothing of this person on the
      // phone, even before the server hears of it.
      await donor.context.setOffline(true);
      await logoutThroughUi(page);
      await expect.poll(stored).toEqual([0, 0]);
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.locator('body').textContent()).not.toContain('Hill Canteen');
      // Back online, the server ends the session too (and clears its cookie).
      await donor.context.setOffline(false);
      const sessionCookie = async () =>
        (await donor.context.cookies()).some((cookie) => cookie.name === 'sid');
      await expect.poll(sessionCookie, { timeout: slowed(15_000) }).toBe(false);
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await donor.context.close();
      await receiver.context.close();
    }
  });

  it('shows 200 queued actions and 500 kept donations on a phone a screenful at a time, each row numbered and reachable by keyboard', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const member = await signUp(donor.page, 'restaurant', 'Busy Canteen');
      const page = donor.page;
      await postDonation(page, 'Template thali');
      await page.goto('/donations');
      await workerReady(page);
      // This phone has shown Telugu before (its font is kept for offline use).
      await chooseDeviceLanguage(page, 'te');
      await page.reload();
      await page.locator('main#main').waitFor();
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      await chooseDeviceLanguage(page, 'en');
      await fillPhone(page, member.id, 200, 500);
      await donor.context.setOffline(true);
      await page.goto('/donations');

      const queue = page.getByRole('list', { name: 'Waiting to send' });
      const rows = queue.getByTestId('queued-grab');
      await rows.first().waitFor();
      const kept = page.getByRole('list', { name: 'Your donations' }).locator(':scope > li');
      await kept.first().waitFor();
      await windowedLists(page, 2);
      // Only rows near the screen are in the page; each says where it stands in the whole list.
      expect(await rows.count()).toBeLessThan(40);
      expect(await kept.count()).toBeLessThan(40);
      expect(await rows.first().getAttribute('aria-setsize')).toBe('200');
      expect(await rows.first().getAttribute('aria-posinset')).toBe('1');
      expect(await kept.first().getAttribute('aria-setsize')).toBe('500');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // Tab walks every queued action in order, to the last, and Shift+Tab walks back.
      await rows.first().getByRole('button', { name: 'Cancel: Grab · Queued meal 1' }).focus();
      for (let i = 2; i <= 200; i++) await page.keyboard.press('Tab');
      expect(await focusedRow(page)).toBe('200');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Cancel: Grab · Queued meal 200',
      );
      for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+Tab');
      expect(await focusedRow(page)).toBe('180');
      // The focused row stays in the page while the list scrolls far away from it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => focusedRow(page)).toBe('180');

      // The end of the kept donations is reached by scrolling.
      const last = cardFor(page, 'Kept meal 500');
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return last.count();
        })
        .toBe(1);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'offline-long-lists-end-en.png') });

      await chooseDeviceLanguage(page, 'te');
      await page.reload();
      await page.getByTestId('queued-grab').first().waitFor();
      await windowedLists(page, 2);
      await page.evaluate(() => window.scrollTo(0, 8000));
      // Taller Telugu rows are measured as they come: the rows shown are the ones scrolled to.
      await expect
        .poll(async () =>
          Number(await page.getByTestId('queued-grab').first().getAttribute('aria-posinset')),
        )
        .toBeGreaterThan(50);
      await page.screenshot({ path: join(SHOTS, 'offline-long-lists-te.png') });
    } finally {
      await donor.context.close();
    }
  });

  it('data saver keeps map tiles from loading until tapped', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      await signUp(donor.page, 'restaurant', 'Thrifty Canteen');
      const page = donor.page;
      await page.goto('/profile');
      await waitForPageSettled(page);
      await page.getByTestId('data-saver').check();
      await page.goto('/donations');
      await page.getByRole('button', { name: 'Pickup point (drag to move)' }).waitFor();
      const showMap = page.getByRole('button', { name: 'Show map' });
      await showMap.waitFor();
      // The form above the map fills in as its parts load: tap once nothing moves any more.
      await waitForPageSettled(page);
      expect(await page.locator('.leaflet-tile').count()).toBe(0);
      await showMap.click();
      await expect.poll(() => page.locator('.leaflet-tile').count()).toBeGreaterThan(0);
      // Turned off, maps load at once again.
      await page.goto('/profile');
      await waitForPageSettled(page);
      await page.getByTestId('data-saver').uncheck();
      await page.goto('/donations');
      await expect.poll(() => page.locator('.leaflet-tile').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Show map' }).count()).toBe(0);
    } finally {
      await donor.context.close();
    }
  });
});
