import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage } from '../support/browser';
import { waitForPageSettled } from '../support/flows';
import { ApiMember } from '../support/impact-api';
import { baseUrl, browserSuite } from '../support/suite';

/** The blocks of the requests screen whose place must not change while the page loads. */
const WATCHED = {
  list: 'section[aria-labelledby="requests-list-title"]',
  howItWorks: 'aside.how-it-works',
} as const;

/**
 * Before the page's own scripts run, starts noting every frame where each watched block stands
 * (document coordinates, CSS pixels) from the moment it appears; `positions()` answers the
 * distinct places seen of each.
 */
async function watchBlocks(page: Page) {
  await page.addInitScript((selectors: Record<string, string>) => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __blocks: Record<string, string[]> }).__blocks = seen;
    const look = () => {
      for (const [name, selector] of Object.entries(selectors)) {
        const element = document.querySelector(selector);
        if (!element) continue;
        const box = element.getBoundingClientRect();
        const place = `${Math.round(box.left + window.scrollX)},${Math.round(box.top + window.scrollY)}`;
        const places = (seen[name] ??= []);
        if (!places.includes(place)) places.push(place);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, WATCHED);
  return {
    positions: () =>
      page.evaluate(() => (window as unknown as { __blocks: Record<string, string[]> }).__blocks),
  };
}

/**
 * A slow mobile network for the screen's own data: the incoming deliveries answer after the
 * request list, as they do when the food bank has many, so every order of arrival is seen.
 */
async function slowRequestsApi(page: Page) {
  await page.route(/\/api\/requests(\?|\/incoming)/, async (route) => {
    const incoming = route.request().url().includes('/incoming');
    await new Promise((resolve) => setTimeout(resolve, incoming ? 900 : 300));
    await route.continue();
  });
}

browserSuite('requests screen layout while loading', ({ browser }) => {
  it('on a phone, the request list and "How it works" stay where they first appear while the food bank\'s deliveries and requests load', async () => {
    const donor = await new ApiMember(baseUrl, 'restaurant').signUp('Layout Kitchen');
    const volunteer = await new ApiMember(baseUrl, 'volunteer').signUp('Layout Rider');
    const bank = await new ApiMember(baseUrl, 'foodbank').signUp('Layout Food Bank');
    // Two deliveries carried to the food bank, one pickup the volunteer still has to make, and
    // one request of the food bank's own.
    for (const food of ['Dal rice', 'Veg pulao']) {
      await volunteer.carry(await donor.postDonation(food), 'good', bank);
    }
    const grabbed = await donor.postDonation('Idli packs');
    expect((await volunteer.call('POST', `/api/donations/${grabbed}/grab`)).status).toBe(201);
    const asked = await donor.postDonation('Chapati bundle');
    expect(
      (await bank.call('POST', `/api/donations/${asked}/requests`, { notes: 'Evening meal.' }))
        .status,
    ).toBe(201);

    for (const member of [bank, volunteer]) {
      const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        await member.signInBrowser(context);
        await slowRequestsApi(page);
        const blocks = await watchBlocks(page);
        await page.goto('/requests');
        await page.locator(`${WATCHED.list} article`).first().waitFor();
        if (member === bank) await page.getByRole('heading', { name: 'Veg pulao' }).waitFor();
        // "How it works" arrives with its own small chunk, after the list may have.
        await page.locator(WATCHED.howItWorks).waitFor();
        await waitForPageSettled(page);
        const seen = await blocks.positions();
        expect(seen.list, `${member.role}: request list`).toHaveLength(1);
        expect(seen.howItWorks, `${member.role}: how it works`).toHaveLength(1);
      } finally {
        await context.close();
      }
    }
  });
});
