import { expect, it } from 'vitest';
import { openPage } from '../support/browser';
import { registerThroughUi } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

// Every route answers a direct load (bookmark, reload, link from an email) with its own page.
const ROUTES: [string, string][] = [
  ['/dashboard', 'Welcome, '],
  ['/donations', 'Donations'],
  ['/requests', 'Requests'],
  ['/profile', 'Profile'],
  ['/analytics', 'Analytics'],
  ['/notifications', 'Notifications'],
  ['/map', 'Map'],
];

browserSuite('routes', ({ browser }) => {
  it('loads every signed-in route directly, with its translated heading', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await registerThroughUi(page, 'individual');
      for (const [path, heading] of ROUTES) {
        await page.goto(path);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
          .toContain(heading);
      }
    } finally {
      await context.close();
    }
  });

  // /chat is an API call and /chatbot a page: a bookmark or reload of /chatbot gets the app.
  it('loads /chatbot directly', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await registerThroughUi(page, 'individual');
      await page.goto('/chatbot');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toContain('Assistant');
    } finally {
      await context.close();
    }
  });
});
