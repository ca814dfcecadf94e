import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage } from '../support/browser';
import { seriousViolations } from '../support/axe';
import {
  chooseDeviceLanguage,
  expectNoHorizontalScroll,
  waitForPageSettled,
  waitForStill,
} from '../support/flows';
import { apiCall, cardFor, postDonation, signUp } from '../support/donation-flows';
import { baseUrl, browserSuite, it } from '../support/suite';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

/** Where every map pin is on the screen, as one string to compare. */
function pinLayout(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.leaflet-marker-icon')]
      .map((pin) => {
        const box = pin.getBoundingClientRect();
        return `${Math.round(box.x)},${Math.round(box.y)}`;
      })
      .join(' '),
  );
}

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await waitForPageSettled(page);
  // A map fits itself to pins that arrive late and lays them out again after the zoom: check
  // the pins once they have stopped moving, not in the middle of the animation.
  await waitForStill(page, () => pinLayout(page));
}

async function scan(page: Page, label: string, exclude: string[] = []): Promise<string[]> {
  await settle(page);
  return (await seriousViolations(page, exclude)).map((line) => `${label}: ${line}`);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

browserSuite('donations, requests and map: accessibility and layout', ({ browser }) => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`has no serious axe violations on ${size}, with content on every screen`, async () => {
      const donor = await openPage(browser(), baseUrl, { viewport });
      const volunteer = await openPage(browser(), baseUrl, { viewport });
      const bank = await openPage(browser(), baseUrl, { viewport });
      try {
        await signUp(donor.page, 'restaurant', 'Saffron Kitchen');
        await signUp(volunteer.page, 'volunteer', 'Neha Scooter');
        const foodbank = await signUp(bank.page, 'foodbank', 'Hope Food Bank');
        const food = `Paneer curry ${Date.now().toString(36)}`;
        const donationId = await postDonation(donor.page, food);
        await postDonation(donor.page, `Chole ${Date.now().toString(36)}`, {
          deliveryMethod: 'self',
          destinationType: 'foodbank',
          destinationUserId: foodbank.id,
        });
        await apiCall(bank.page, 'POST', `/api/donations/${donationId}/requests`, {
          notes: 'Needed for the evening meal.',
        });
        const problems: string[] = [];

        // Donor: the form (with the pickup map), their donations, requests to decide on.
        const dp = donor.page;
        await dp.goto('/donations');
        await cardFor(dp, food).waitFor();
        await dp.locator('.leaflet-marker-icon').first().waitFor();
        problems.push(...(await scan(dp, 'donor /donations')));
        await expectNoHorizontalScroll(dp);
        await shot(dp, `${size}-en-donations-donor`);
        await dp.goto('/requests');
        await cardFor(dp, food).waitFor();
        problems.push(...(await scan(dp, 'donor /requests')));
        await expectNoHorizontalScroll(dp);
        await shot(dp, `${size}-en-requests-donor`);
        await dp.goto('/map');
        problems.push(...(await scan(dp, 'donor /map')));

        // Volunteer: list, map view with a popup open, /map with receivers.
        const vp = volunteer.page;
        await vp.goto('/donations');
        await cardFor(vp, food).waitFor();
        problems.push(...(await scan(vp, 'volunteer /donations')));
        await expectNoHorizontalScroll(vp);
        await shot(vp, `${size}-en-donations-volunteer`);
        await vp.getByRole('button', { name: 'Map', exact: true }).click();
        await vp.getByRole('button', { name: `Donation: ${food}` }).waitFor();
        problems.push(...(await scan(vp, 'volunteer /donations map, pins')));
        // Markers are keyboard buttons (and donations at one address share a point).
        await vp.getByRole('button', { name: `Donation: ${food}` }).focus();
        await vp.keyboard.press('Enter');
        await vp.locator('.leaflet-popup').waitFor();
        // An open popup covers the pins behind it by design: they were checked just above.
        problems.push(
          ...(await scan(vp, 'volunteer /donations map, popup open', ['.leaflet-marker-pane'])),
        );
        await shot(vp, `${size}-en-donations-volunteer-map`);
        await vp.goto('/map');
        await vp.getByRole('button', { name: `Receiver: ${foodbank.name}` }).waitFor();
        // By now every other browser test has registered receivers at the same few Delhi points:
        // the pins of the crowd are checked with the rest of the page.
        problems.push(...(await scan(vp, 'volunteer /map')));
        await expectNoHorizontalScroll(vp);
        await shot(vp, `${size}-en-map-volunteer`);

        // Food bank: incoming delivery and its own request; the collect-free receipt dialog.
        const bp = bank.page;
        await bp.goto('/requests');
        await cardFor(bp, food).waitFor();
        problems.push(...(await scan(bp, 'foodbank /requests')));
        await expectNoHorizontalScroll(bp);
        await shot(bp, `${size}-en-requests-foodbank`);

        // The same screens in Hindi.
        for (const page of [dp, bp]) {
          await chooseDeviceLanguage(page, 'hi');
        }
        await dp.goto('/donations');
        await cardFor(dp, food).waitFor();
        await settle(dp);
        await shot(dp, `${size}-hi-donations-donor`);
        await bp.goto('/requests');
        await cardFor(bp, food).waitFor();
        problems.push(...(await scan(bp, 'foodbank /requests (hi)')));
        await shot(bp, `${size}-hi-requests-foodbank`);

        expect(problems).toEqual([]);
      } finally {
        for (const side of [donor, volunteer, bank]) await side.context.close();
      }
    }, 240_000);
  }
});
