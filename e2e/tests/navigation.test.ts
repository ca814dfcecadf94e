import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegistrableRole } from '@annasetu/domain';
import { openPage } from '../support/browser';
import { registerThroughUi } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

const ERROR_SCREEN = 'This page could not be loaded';

async function heading(page: Page) {
  return page.getByRole('heading', { level: 1 }).first().textContent();
}

/** Clicks a sidebar link: client-side navigation, the cache of the page before is kept. */
async function follow(page: Page, name: string) {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
}

// The dashboard and the requests screen share the incoming deliveries; moving between them
// without a reload reads one cache entry from both sides.
browserSuite('client-side navigation', ({ browser }) => {
  for (const role of ['nursery', 'poultry', 'foodbank'] as RegistrableRole[]) {
    it(`keeps dashboard and Requests working back and forth for a ${role}`, async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(page, role);
        const home = new URL(page.url()).pathname;
        if (role !== 'foodbank') {
          // The nursery and poultry dashboard has loaded its incoming deliveries.
          await page.getByTestId('incoming-counts').waitFor();
        }
        for (let round = 0; round < 2; round += 1) {
          await follow(page, 'Requests');
          await expect.poll(() => heading(page)).toContain('Requests');
          await page.getByRole('heading', { name: 'Incoming deliveries' }).waitFor();
          expect(await page.getByText(ERROR_SCREEN).count()).toBe(0);

          await follow(page, 'Dashboard');
          await page.waitForURL((url) => url.pathname === home);
          if (role !== 'foodbank') await page.getByTestId('incoming-counts').waitFor();
          else await expect.poll(() => heading(page)).toContain('Welcome, ');
          expect(await page.getByText(ERROR_SCREEN).count()).toBe(0);
        }
      } finally {
        await context.close();
      }
    });
  }
});
