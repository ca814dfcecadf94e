import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { PHONE, openPage, useServiceWorker } from '../support/browser';
import { text } from '../support/catalogue';
import {
  apiCall,
  cardFor,
  expectToast,
  postDonation,
  sectionFor,
  signUp,
} from '../support/donation-flows';
import { chooseDeviceLanguage, expectNoHorizontalScroll } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

const hi = (key: string) => text('hi', key);
const te = (key: string) => text('te', key);
// Screenshots, for people to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

async function inLanguage(page: Page, language: string) {
  await chooseDeviceLanguage(page, language);
}

/** A message in a conversation (not a quick-message button with the same words). */
function said(thread: Locator, words: string) {
  return thread.locator('.thread__words').getByText(words, { exact: true });
}

/** Opens the conversation of the card of `food` and answers its dialog. */
async function openThread(scope: Page | Locator, food: string, label: string) {
  const page = 'context' in scope ? scope : scope.page();
  await cardFor(scope, food).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

// This file's pages run the app's service worker: a message sent without signal waits in the queue.
// The donor's and the food bank's phones keep their signal and run without it.
useServiceWorker();

browserSuite(
  'a pickup talked through and measured, on phones in Telugu and Hindi',
  ({ browser }) => {
    it('volunteer grabs and says "on my way", the donor reads it in Hindi, 9 kg picked up, confirmed, rated; the impact counts 9 kg measured', async () => {
      mkdirSync(SHOTS, { recursive: true });
      const donor = await openPage(browser(), baseUrl, { viewport: PHONE, serviceWorker: false });
      const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
      const bank = await openPage(browser(), baseUrl, { viewport: PHONE, serviceWorker: false });
      try {
        const dp = donor.page;
        const vp = volunteer.page;
        const bp = bank.page;
        await signUp(dp, 'restaurant', 'Annapurna Mess');
        await signUp(vp, 'volunteer', 'Kiran Rider');
        const foodbank = await signUp(bp, 'foodbank', 'Roti Bank');
        const food = `పులిహోర ${Date.now().toString(36)}`;
        await postDonation(dp, food, { quantity: 10, unit: 'kg' });

        // The volunteer (Telugu) grabs it from the feed.
        await inLanguage(vp, 'te');
        await vp.goto('/donations');
        await cardFor(vp, food)
          .getByRole('button', { name: te('donations.actions.grab') })
          .click();
        await expectToast(vp, te('donations.toast.grabbed'));
        await vp.waitForURL(/\/requests$/);

        // The donor (Hindi) opens the pickup's conversation and keeps it open.
        await inLanguage(dp, 'hi');
        await dp.goto('/requests');
        const donorThread = await openThread(dp, food, hi('thread.open'));
        await donorThread.getByText(hi('thread.empty')).waitFor();

        // "On my way", chosen and sent; the donor reads it in Hindi without reloading.
        const thread = await openThread(vp, food, te('thread.open'));
        await thread.getByRole('button', { name: te('thread.quick.on_my_way') }).click();
        await thread.getByRole('button', { name: te('thread.send'), exact: true }).click();
        await said(thread, te('thread.quick.on_my_way')).waitFor();
        await said(donorThread, hi('thread.quick.on_my_way')).waitFor();

        // The donor answers in their own words: typed, cleared, typed again; only the last goes.
        const box = donorThread.getByRole('textbox', { name: hi('thread.textLabel') });
        await box.fill('पीछे का गेट');
        await box.fill('');
        await box.fill('पीछे के गेट पर, रवि से पूछिए');
        await donorThread.getByRole('button', { name: hi('thread.send'), exact: true }).click();
        await expect.poll(() => box.inputValue()).toBe('');
        await said(thread, 'पीछे के गेट पर, रवि से पूछिए').waitFor();
        await expectNoHorizontalScroll(dp);
        expect(await seriousViolations(dp)).toEqual([]);
        await donorThread.screenshot({ path: join(SHOTS, 'thread-hi-donor.png') });

        // The volunteer loses signal: the message waits on the phone, then goes once.
        await volunteer.context.setOffline(true);
        await thread.getByRole('button', { name: te('thread.quick.arriving_10') }).click();
        await thread.getByRole('button', { name: te('thread.send'), exact: true }).click();
        await thread.getByText(te('thread.queued')).waitFor();
        await expectNoHorizontalScroll(vp);
        await thread.screenshot({ path: join(SHOTS, 'thread-te-volunteer-offline.png') });
        await volunteer.context.setOffline(false);
        await said(donorThread, hi('thread.quick.arriving_10')).waitFor();
        await expect.poll(() => thread.getByText(te('thread.queued')).count()).toBe(0);

        // The phone's back button closes the conversation and stays on the requests.
        await vp.goBack();
        await thread.waitFor({ state: 'hidden' });
        expect(new URL(vp.url()).pathname).toBe('/requests');
        // Away and back: the talk is still there.
        await vp.goto('/dashboard');
        await vp.goBack();
        await vp.waitForURL(/\/requests$/);
        const again = await openThread(vp, food, te('thread.open'));
        await said(again, 'पीछे के गेट पर, रवि से पूछिए').waitFor();
        await again
          .getByRole('button', { name: te('dialog.close') })
          .last()
          .click();

        // 9 kg picked up, for the food bank.
        await cardFor(vp, food)
          .getByRole('button', { name: te('requests.actions.collect') })
          .click();
        const collect = vp.getByRole('dialog');
        const destination = collect.getByRole('combobox', {
          name: te('destination.user'),
          exact: true,
        });
        await expect.poll(() => destination.isEnabled()).toBe(true);
        await destination.selectOption(foodbank.id);
        await collect
          .getByRole('spinbutton', {
            name: new RegExp(`^${te('handover.pickup.quantity').split(' (')[0]}`),
          })
          .fill('9');
        await collect.getByRole('button', { name: te('requests.collect.submit') }).click();
        await expectToast(vp, te('requests.toast.collected'));

        // The food bank confirms 9 kg and rates the food 5.
        await inLanguage(bp, 'te');
        await bp.goto('/requests');
        const incoming = cardFor(sectionFor(bp, te('requests.incoming.title')), food);
        await incoming.getByRole('button', { name: te('requests.actions.confirmReceipt') }).click();
        const receipt = bp.getByRole('dialog');
        const arrived = receipt.getByRole('spinbutton');
        expect(await arrived.inputValue()).toBe('9');
        await receipt.getByRole('button', { name: te('requests.receipt.submit') }).click();
        await expectToast(bp, te('requests.toast.received'));
        await incoming.getByRole('button', { name: te('feedback.open.food') }).click();
        const rating = bp.getByRole('dialog');
        await rating
          .getByRole('radio', { name: te('feedback.stars').replace('{{stars}}', '5') })
          .check();
        await rating.getByRole('button', { name: te('feedback.send'), exact: true }).click();
        await incoming.getByText(te('feedback.youRated').replace('{{stars}}', '5')).waitFor();

        // The donor's impact counts the 9 kg confirmed, and says it was weighed.
        await dp.goto('/dashboard');
        const figures = dp.getByTestId('figure-cards');
        await figures.waitFor();
        await expect
          .poll(() => figures.textContent())
          .toContain(hi('impact.kgValue').replace('{{value}}', '9'));
        expect(await dp.getByTestId('impact-basis').textContent()).toBe(
          hi('impact.basis.all').replace('{{counted}}', '1'),
        );
        const stored = await apiCall<{ stats: { kgDonated: number; donationsMeasured: number } }>(
          dp,
          'GET',
          '/api/stats/me?range=all',
        );
        expect(stored.data.stats).toMatchObject({ kgDonated: 9, donationsMeasured: 1 });
        await expectNoHorizontalScroll(dp);
        await dp.screenshot({ path: join(SHOTS, 'thread-hi-donor-impact.png'), fullPage: true });
      } finally {
        await donor.context.close();
        await volunteer.context.close();
        await bank.context.close();
      }
    });
  },
);
