import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { PHONE, openPage } from '../support/browser';
import { text } from '../support/catalogue';
import { apiCall, cardFor, postDonation, signUp } from '../support/donation-flows';
import { expectNoHorizontalScroll } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

const hi = (key: string) => text('hi', key);
const te = (key: string) => text('te', key);
// Screenshots, for people to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

async function inLanguage(page: Page, language: string) {
  await page.evaluate((lng) => window.localStorage.setItem('i18nextLng', lng), language);
}

/** Opens the conversation of the card of `food` and answers its dialog. */
async function openThread(page: Page, food: string, label: string) {
  await cardFor(page, food).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

browserSuite('the conversation of a pickup, on phones, in Hindi and Telugu', ({ browser }) => {
  it('a volunteer and a donor talk it through live, each in their own language, also offline', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const dp = donor.page;
      const vp = volunteer.page;
      await signUp(dp, 'restaurant', 'Annapurna Mess');
      await signUp(vp, 'volunteer', 'Kiran Rider');
      const food = `పులిహోర ${Date.now().toString(36)}`;
      const donationId = await postDonation(dp, food);
      expect((await apiCall(vp, 'POST', `/api/donations/${donationId}/grab`)).status).toBe(201);

      // The donor (Telugu) opens the conversation first and keeps it open.
      await inLanguage(dp, 'te');
      await dp.goto('/requests');
      const donorThread = await openThread(dp, food, te('thread.open'));
      await donorThread.getByText(te('thread.empty')).waitFor();

      // The volunteer (Hindi) sends "On my way" with one tap.
      await inLanguage(vp, 'hi');
      await vp.goto('/requests');
      const thread = await openThread(vp, food, hi('thread.open'));
      await thread.getByText(hi('thread.empty')).waitFor();
      await thread.getByRole('button', { name: hi('thread.quick.on_my_way') }).click();
      await thread.getByText(hi('thread.quick.on_my_way'), { exact: true }).last().waitFor();

      // The donor reads it in Telugu without reloading, and answers in their own words.
      await donorThread.getByText(te('thread.quick.on_my_way'), { exact: true }).waitFor();
      const box = donorThread.getByRole('textbox', { name: te('thread.textLabel') });
      // Typed, cleared, typed again: only the last words go.
      await box.fill('వెనుక గేటు');
      await box.fill('');
      await box.fill('వెనుక గేటు దగ్గర, రవిని అడగండి');
      await donorThread.getByRole('button', { name: te('thread.send'), exact: true }).click();
      await expect.poll(() => box.inputValue()).toBe('');
      await thread.getByText('వెనుక గేటు దగ్గర, రవిని అడగండి', { exact: true }).waitFor();
      await expectNoHorizontalScroll(dp);
      expect(await seriousViolations(dp)).toEqual([]);
      await donorThread.screenshot({ path: join(SHOTS, 'thread-te-donor.png') });

      // The volunteer loses signal: the message waits on the phone, then goes once.
      await volunteer.context.setOffline(true);
      await thread.getByRole('button', { name: hi('thread.quick.arriving_10') }).click();
      await thread.getByText(hi('thread.queued')).waitFor();
      await expectNoHorizontalScroll(vp);
      await thread.screenshot({ path: join(SHOTS, 'thread-hi-volunteer-offline.png') });
      await volunteer.context.setOffline(false);
      await donorThread.getByText(te('thread.quick.arriving_10'), { exact: true }).waitFor();
      await expect.poll(() => thread.getByText(hi('thread.queued')).count()).toBe(0);
      const stored = await apiCall<{ thread: { messages: { code: string | null }[] } }>(
        dp,
        'GET',
        `/api/requests/${await requestIdOf(vp, donationId)}/thread`,
      );
      expect(stored.data.thread.messages.map((m) => m.code)).toEqual([
        'on_my_way',
        null,
        'arriving_10',
      ]);

      // Closed, away to the dashboard and back with the back button: the talk is still there.
      await thread
        .getByRole('button', { name: hi('dialog.close') })
        .last()
        .click();
      await vp.goto('/dashboard');
      await vp.goBack();
      await vp.waitForURL(/\/requests$/);
      const again = await openThread(vp, food, hi('thread.open'));
      await again.getByText('వెనుక గేటు దగ్గర, రవిని అడగండి', { exact: true }).waitFor();
    } finally {
      await donor.context.close();
      await volunteer.context.close();
    }
  });
});

/** The request the volunteer carries for a donation. */
async function requestIdOf(page: Page, donationId: string): Promise<string> {
  const trip = await apiCall<{ items: { id: string; donationId: string }[] }>(
    page,
    'GET',
    '/api/requests?filter=all',
  );
  const found = trip.data.items.find((r) => r.donationId === donationId);
  if (!found) throw new Error('no request for the donation');
  return found.id;
}
