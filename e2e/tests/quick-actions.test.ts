import { expect, it } from 'vitest';
import type { RegistrableRole } from '@annasetu/domain';
import { postDonation } from '../support/donation-flows';
import { openPage } from '../support/browser';
import { registerThroughUi } from '../support/flows';
import { followQuickActions } from '../support/quick-actions';
import { baseUrl, browserSuite } from '../support/suite';

// The admin's quick actions are followed in admin.test.ts, which has an admin account.
const EXPECTED: Record<RegistrableRole, string[]> = {
  restaurant: ['Create donation', 'View requests', 'Analytics'],
  individual: ['Create donation', 'View requests', 'Analytics'],
  mess: ['Create donation', 'View requests', 'Analytics'],
  foodbank: ['Create request', 'My requests', 'Analytics'],
  volunteer: ['Find food to collect', 'My pickups', 'Chatbot help'],
  nursery: ['Incoming deliveries', 'Create request', 'Chatbot help'],
  poultry: ['Incoming deliveries', 'Create request', 'Chatbot help'],
};

browserSuite('quick actions', ({ browser }) => {
  const food = `Quick action biryani ${Date.now().toString(36)}`;

  it('offers food in the feeds the actions lead to', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await registerThroughUi(page, 'restaurant');
      await postDonation(page, food);
    } finally {
      await context.close();
    }
  });

  for (const [role, titles] of Object.entries(EXPECTED) as [RegistrableRole, string[]][]) {
    it(`leads a ${role} to a page where each quick action can be done`, async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await registerThroughUi(page, role);
        const home = new URL(page.url()).pathname;
        expect(await followQuickActions(page, home, food)).toEqual(titles);
      } finally {
        await context.close();
      }
    });
  }
});
