import { expect } from 'vitest';
import type { Page } from 'playwright-core';

// Long offline lists on a phone: what a test needs to walk the windowed lists they make (the
// stores are filled by fillPhone of the test kit).

/**
 * Waits until `count` long lists have their windowed renderer: until it loads they show their
 * first rows only, so the page is short and Tab leaves the list after them.
 */
export async function windowedLists(page: Page, count: number) {
  await expect.poll(() => page.locator('ul.virtual-list').count()).toBe(count);
}

/** The list position (aria-posinset) of the row holding the keyboard focus. */
export function focusedRow(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null,
  );
}
