import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegistrableRole } from '@annasetu/domain';
import { uniqueEmail } from './browser';

export const PASSWORD = 'annasetu-test-1';

export interface Account {
  email: string;
  password: string;
  name: string;
  role: RegistrableRole;
}

const ROLE_LABELS: Record<RegistrableRole, string> = {
  restaurant: 'Restaurant',
  foodbank: 'Food Bank/NGO',
  individual: 'Individual',
  volunteer: 'Volunteer',
  nursery: 'Nursery',
  poultry: 'Poultry Farmer',
  mess: 'Mess/Canteen',
};

/** Signs up through the English form and waits for the dashboard. */
export async function registerThroughUi(page: Page, role: RegistrableRole): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(role),
    password: PASSWORD,
    name: `Test ${role}`,
    role,
  };
  await page.goto('/register');
  await page.getByRole('radio', { name: new RegExp(`^${escape(ROLE_LABELS[role])}`) }).check();
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone number').fill('+91 98765 43210');
  await page.getByLabel(/^Organization/).fill(`${account.name} Org`);
  await page.getByLabel('Address').fill('12 MG Road, Bengaluru');
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard/);
  return account;
}

export async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logoutThroughUi(page: Page) {
  const logout = page.getByRole('button', { name: 'Log out' });
  if (!(await logout.isVisible())) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await logout.click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The page's horizontal overflow in CSS pixels (0 when nothing sticks out). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export async function expectNoHorizontalScroll(page: Page) {
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Waits until nothing on the page is loading (no spinner, no busy button): a click computed
 * while panels above are still filling in could land on whatever moved under it.
 */
export async function waitForPageSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('main .spinner-wrap, main [aria-busy="true"]').count())
    .toBe(0);
}
