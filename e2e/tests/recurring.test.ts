import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage, slowed } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { expectNoHorizontalScroll, registerThroughUi, waitForPageSettled } from '../support/flows';
import { PASSING_HYGIENE_QUIZ } from '@annasetu/test-kit';
import { apiCall, chooseHolding } from '../support/donation-flows';
import { baseUrl, browserSuite, it } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * HH:MM and the iCalendar weekday of the next minute on the browser's clock, or of the one
 * after when fewer than 20 s are left for the form to be saved before it: the first posting is
 * then at most two minutes away, and the series' job (every 5 s on the test server) posts it.
 */
async function soonOnBrowserClock(page: Page): Promise<{ time: string; weekday: string }> {
  return page.evaluate(() => {
    const now = new Date();
    const ahead = now.getSeconds() <= 40 ? 1 : 2;
    const at = new Date(now.getTime() + ahead * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
      weekday: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][at.getDay()]!,
    };
  });
}

browserSuite('recurring donations, availability and calendar', ({ browser }) => {
  it('a restaurant sets a weeknight series in Hindi; its next posting reaches a volunteer and their calendar', async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    const volunteer = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      // The restaurant, in Hindi, on a phone.
      await registerThroughUi(donor.page, 'restaurant');
      await donor.page
        .getByRole('combobox', { name: /Language|भाषा/ })
        .first()
        .selectOption('hi');
      await expect.poll(() => donor.page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await donor.page.goto('/donations');
      await waitForPageSettled(donor.page);
      const food = `Dal khichdi ${Date.now().toString(36)}`;
      await donor.page.locator('input[name="foodType"]').fill(food);
      await donor.page.locator('input[name="cuisine"]').fill('North Indian');
      await donor.page.locator('select[name="vegType"]').selectOption('veg');
      await donor.page.locator('input[name="quantity"]').fill('30');
      await donor.page.getByLabel('कितनी बार').selectOption('weekdays');
      // Asked for a repeat too: each posting's safe-by time counts from its own time.
      await chooseHolding(donor.page, 'hot');
      expect(await seriousViolations(donor.page)).toEqual([]);
      if (SHOTS)
        await donor.page.screenshot({ path: `${SHOTS}/series-form-hi-360.png`, fullPage: true });
      // Weeknights (Mon-Fri are preset) plus today's day, so the first posting is a minute or
      // two away; the time is read just before saving.
      const soon = await soonOnBrowserClock(donor.page);
      const today = donor.page.locator(`input[name="weekday"][value="${soon.weekday}"]`);
      if (!(await today.isChecked())) await today.check();
      await donor.page.getByLabel('पोस्ट करने का समय').fill(soon.time);
      await donor.page.getByRole('button', { name: 'नियमित दान सहेजें' }).click();
      const list = donor.page.getByRole('region', { name: 'नियमित दान' });
      await list.getByRole('heading', { name: food }).waitFor();
      await expect.poll(() => list.getByText('अगली पोस्टिंग').count()).toBe(1);
      await expectNoHorizontalScroll(donor.page);
      expect(await seriousViolations(donor.page)).toEqual([]);
      if (SHOTS)
        await donor.page.screenshot({ path: `${SHOTS}/series-list-hi-360.png`, fullPage: true });

      // The volunteer sets availability and a calendar link on the profile.
      await registerThroughUi(volunteer.page, 'volunteer');
      // The hygiene course before a first grab has its own test (hygiene-course.test.ts).
      const passed = await apiCall(
        volunteer.page,
        'POST',
        '/api/training/quiz',
        PASSING_HYGIENE_QUIZ,
      );
      expect(passed.status).toBe(200);
      await volunteer.page.goto('/profile');
      await waitForPageSettled(volunteer.page);
      const availability = volunteer.page.getByRole('region', { name: 'When I can collect' });
      for (const day of ['SA', 'SU']) {
        await availability.locator(`input[name="availabilityDay"][value="${day}"]`).check();
      }
      await availability.getByLabel('Most pickups per day').fill('3');
      await availability.getByRole('button', { name: 'Save availability' }).click();
      await volunteer.page.getByText('Availability saved').waitFor();
      await volunteer.page.getByRole('button', { name: 'Create my calendar link' }).click();
      await volunteer.page.getByRole('img', { name: 'QR code of your calendar link' }).waitFor();
      const webcal = await volunteer.page.locator('.calendar-feed__url a').getAttribute('href');
      expect(webcal).toMatch(/^webcal:\/\/.+\/api\/calendar\/.+\.ics$/);
      await expectNoHorizontalScroll(volunteer.page);
      expect(await seriousViolations(volunteer.page)).toEqual([]);
      if (SHOTS)
        await volunteer.page.screenshot({
          path: `${SHOTS}/volunteer-profile-360.png`,
          fullPage: true,
        });

      // The series job posts the occurrence at its time (a minute or two away): the donor's own
      // list is asked through the API until it holds it (a page load every few seconds would
      // cost the machine more than the wait), then the volunteer's feed shows it.
      await expect
        .poll(
          async () => {
            const mine = await apiCall<{ items: { foodType: string }[] }>(
              donor.page,
              'GET',
              '/api/donations/mine?limit=20',
            );
            return mine.data.items.filter((item) => item.foodType === food).length;
          },
          { timeout: slowed(180_000), interval: 2_000 },
        )
        .toBe(1);
      await volunteer.page.goto('/donations');
      const card = volunteer.page.getByRole('article').filter({ hasText: food });
      await card.waitFor();
      await expect.poll(() => card.getByText('Recurring').count()).toBe(1);
      await card.getByRole('button', { name: 'Grab' }).click();
      await volunteer.page
        .getByText(/on your way|grabbed/i)
        .first()
        .waitFor();

      // ... and, once grabbed, in the volunteer's calendar.
      const feed = await volunteer.page.request.get(webcal!.replace(/^webcal:/, 'http:'));
      expect(feed.status()).toBe(200);
      const text = await feed.text();
      expect(text).toContain('BEGIN:VCALENDAR');
      expect(text).toContain(`SUMMARY:Pick up: ${food}`);
    } finally {
      await donor.context.close();
      await volunteer.context.close();
    }
  }, 360_000);
});
