import { expect, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, cpuSlowdown, openPage, type PageOptions } from './browser';
import { waitForPageSettled } from './flows';
import { baseUrl } from './suite';

// What the wandering browser tests (e2e/tests/wander*.test.ts) share: a person who follows the
// app's own navigation, changes each choice away and back, and arrives before the page is done.

export const stamp = () => Date.now().toString(36);

/** A slow phone (E2E_CPU_SLOWDOWN) is given more time for each step and for each test. */
export const SLOW = Math.min(cpuSlowdown(), 3);

/** Gives the calling file's tests the time a slow phone needs. */
export function allowSlowPhones() {
  vi.setConfig({ testTimeout: 240_000 * SLOW });
}

/**
 * A fresh page on this file's server; on a throttled run its steps wait as long as a slow phone
 * needs (`openPage` scales Playwright's limits).
 */
export function open(browser: Browser, options?: PageOptions) {
  return openPage(browser, baseUrl, options);
}

/** Follows a link of the app's navigation: the bottom bar on a phone, the sidebar otherwise. */
export async function follow(page: Page, name: string) {
  const phone = (page.viewportSize()?.width ?? DESKTOP.width) < 960;
  const nav = page.getByRole('navigation', { name: phone ? 'Quick links' : 'Main' });
  await nav.getByRole('link', { name, exact: true }).click();
}

/** Waits for the page at this path to have drawn itself and finished loading. */
export async function arrive(page: Page, path: RegExp) {
  await page.waitForURL((url) => path.test(url.pathname));
  await waitForPageSettled(page);
}

/** Picks each value in turn in a select: away from the last one and back to it. */
export async function selectInTurn(select: Locator, values: string[]) {
  for (const value of values) {
    await select.selectOption(value);
    await expect.poll(() => select.inputValue()).toBe(value);
  }
}
