import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RegistrableRole } from '@annasetu/domain';
import { uniqueEmail } from './browser';
import { PASSWORD } from './flows';

export interface Member {
  id: string;
  name: string;
  email: string;
  role: RegistrableRole;
}

/** Calls the API from inside the page: the session cookie and the CSRF header go along. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([name]) => name === 'csrf_token')?.[1];
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(csrf ? { 'X-CSRF-Token': decodeURIComponent(csrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, data: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; data: T }>;
}

/**
 * Signs up through the API with a name no other test uses (the sign-up form has its own
 * tests), so destination pickers and cards can be matched by name. Everyone starts at the
 * default point (New Delhi), so they are all within 10 km of each other.
 */
export async function signUp(page: Page, role: RegistrableRole, label: string): Promise<Member> {
  const email = uniqueEmail(role);
  const name = `${label} ${Date.now().toString(36).slice(-4)}`;
  await page.goto('/login');
  const { status, data } = await apiCall<{ user: { id: string } }>(
    page,
    'POST',
    '/api/auth/register',
    {
      role,
      name,
      email,
      phone: '+91 98765 43210',
      address: `${label} Lane, Connaught Place, New Delhi`,
      organizationName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  );
  expect(status).toBe(201);
  return { id: data.user.id, name, email, role };
}

/** Posts a donation through the API (for flows whose subject is what happens next). */
export async function postDonation(
  page: Page,
  foodType: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { status, data } = await apiCall<{ donation: { id: string } }>(
    page,
    'POST',
    '/api/donations',
    {
      foodType,
      cuisine: 'North Indian',
      vegType: 'veg',
      quantity: 25,
      unit: 'meals',
      expiryHours: 6,
      prepDate: new Date().toISOString().slice(0, 10),
      prepTime: '12:30',
      deliveryMethod: 'volunteer',
      ...extra,
    },
  );
  expect(status).toBe(201);
  return data.donation.id;
}

/** Waits for a toast (or any status text) with exactly this message. */
export async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

/** The card (article) whose heading is this food, on the page or inside one section. */
export function cardFor(scope: Page | Locator, food: string) {
  const page = 'context' in scope ? scope : scope.page();
  return scope
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: food, exact: true }) });
}

/** A section of the page by its heading. */
export function sectionFor(page: Page, heading: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });
}
