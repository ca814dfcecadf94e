import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** What a quick action must open: its address and a control there that does the action. */
export const QUICK_ACTION_TARGETS: Record<
  string,
  { path: RegExp; usable: (page: Page, food: string) => Promise<void> }
> = {
  'Create donation': {
    path: /\/donations$/,
    usable: (page) => page.getByRole('button', { name: 'Post donation' }).waitFor(),
  },
  'View requests': {
    path: /\/requests$/,
    usable: (page) => page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor(),
  },
  'My requests': {
    path: /\/requests$/,
    usable: (page) => page.getByRole('heading', { name: 'Incoming deliveries' }).waitFor(),
  },
  'Incoming deliveries': {
    path: /\/requests$/,
    usable: (page) => page.getByRole('heading', { name: 'Incoming deliveries' }).waitFor(),
  },
  'My pickups': {
    path: /\/requests$/,
    usable: (page) => page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor(),
  },
  'Create request': {
    path: /\/donations$/,
    usable: (page, food) =>
      page
        .locator('article', { hasText: food })
        .getByRole('button', { name: 'Request', exact: true })
        .first()
        .waitFor(),
  },
  'Find food to collect': {
    path: /\/donations$/,
    usable: (page, food) =>
      page
        .locator('article', { hasText: food })
        .getByRole('button', { name: 'Grab', exact: true })
        .first()
        .waitFor(),
  },
  Analytics: {
    path: /\/analytics$/,
    usable: (page) => page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor(),
  },
  'Chatbot help': {
    path: /\/chatbot$/,
    usable: (page) => page.getByRole('textbox', { name: 'Your message' }).waitFor(),
  },
  'Manage users': {
    path: /\/admin$/,
    usable: (page) => page.getByRole('heading', { name: 'Users' }).waitFor(),
  },
};

/**
 * Follows every quick action on the signed-in user's dashboard (client-side, back to the
 * dashboard between them) and checks each opens a page that offers that action.
 */
export async function followQuickActions(
  page: Page,
  home: string,
  food: string,
): Promise<string[]> {
  await page.goto(home);
  const grid = page.getByTestId('quick-actions');
  await grid.waitFor();
  const titles = await grid.locator('.action-card__title').allTextContents();
  expect(titles).toHaveLength(3);
  for (const title of titles) {
    const target = QUICK_ACTION_TARGETS[title];
    expect(target, `no known target for "${title}"`).toBeDefined();
    await page.goto(home);
    await page
      .getByTestId('quick-actions')
      .getByRole('link', { name: new RegExp(`^${title}`) })
      .click();
    await page.waitForURL((url) => target!.path.test(url.pathname));
    await target!.usable(page, food);
  }
  return titles;
}
