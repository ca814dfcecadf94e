import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RegistrableRole } from '@annasetu/domain';
import { donationInput, PASSING_HYGIENE_QUIZ, registrationFor } from '@annasetu/test-kit';
import { callApi } from './api';
import { uniqueEmail, slowed } from './browser';
import { PASSWORD } from './flows';

export interface Member {
  id: string;
  name: string;
  email: string;
  role: RegistrableRole;
}

/** Calls the API from inside the page (see `callApi`), answering `{ status, data }`. */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown) {
  const { status, body: data } = await callApi<T>(page, method, path, body);
  return { status, data };
}

/**
 * Signs up through the API with a name no other test uses (the sign-up form has its own
 * tests), so destination pickers and cards can be matched by name. Everyone starts at the
 * default point (New Delhi), so they are all within 10 km of each other. A volunteer has passed
 * the hygiene course unless `{ hygiene: false }` asks for one who has not.
 */
export async function signUp(
  page: Page,
  role: RegistrableRole,
  label: string,
  { hygiene = true }: { hygiene?: boolean } = {},
): Promise<Member> {
  const email = uniqueEmail(role);
  const name = `${label} ${Date.now().toString(36).slice(-4)}`;
  await page.goto('/login');
  const { status, data } = await apiCall<{ user: { id: string } }>(
    page,
    'POST',
    '/api/auth/register',
    registrationFor(role, {
      name,
      email,
      address: `${label} Lane, Connaught Place, New Delhi`,
      organizationName: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  );
  expect(status).toBe(201);
  // Every volunteer passes the hygiene course before a first grab (its own test takes it).
  if (role === 'volunteer' && hygiene) {
    const passed = await apiCall(page, 'POST', '/api/training/quiz', PASSING_HYGIENE_QUIZ);
    expect(passed.status).toBe(200);
  }
  return { id: data.user.id, name, email, role };
}

/**
 * Posts a donation through the API (for flows whose subject is what happens next). It says how
 * the food is kept, as the donation form makes every donor do (chilled: fit for people all
 * day), so the collect dialog's holding check starts from it.
 */
export async function postDonation(
  page: Page,
  foodType: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { status, data } = await apiCall<{ donation: { id: string } }>(
    page,
    'POST',
    '/api/donations',
    donationInput({
      foodType,
      quantity: 25,
      unit: 'meals',
      expiryHours: 6,
      holding: 'chilled',
      ...extra,
    }),
  );
  expect(status).toBe(201);
  return data.donation.id;
}

/** Waits for a toast (or any status text) with exactly this message. */
export async function expectToast(page: Page, text: string) {
  await page
    .getByText(text, { exact: true })
    .first()
    .waitFor({ timeout: slowed(10_000) });
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

/** Says how the food is kept on the donation form (a required choice, in any language). */
export async function chooseHolding(page: Page, kind: 'hot' | 'chilled' | 'room' = 'hot') {
  await page.locator(`input[type="radio"][name="holding"][value="${kind}"]`).check();
}
