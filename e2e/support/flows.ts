import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

const BUSY = 'main .spinner-wrap, main [aria-busy="true"]';

/**
 * Waits until the page has drawn its heading, its fonts are in and nothing on it is loading (no
 * spinner, no skeleton, no busy button) for two looks in a row: a click computed while panels
 * above are still filling in could land on whatever moved under it.
 */
export async function waitForPageSettled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let quietLooks = 0;
  await expect
    .poll(async () => {
      quietLooks = (await page.locator(BUSY).count()) === 0 ? quietLooks + 1 : 0;
      return quietLooks;
    })
    .toBeGreaterThanOrEqual(2);
}

/**
 * Waits until the element's own transitions and animations (a drawer sliding in, a dialog
 * fading) have finished; endless ones (spinners, skeleton shimmer) are not waited for.
 */
export async function waitForAnimations(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ).then(() => undefined),
    );
}

/**
 * Starts noting, every frame, where on the page (document coordinates, CSS pixels) the first
 * element matching `selector` stands, from the moment it appears; `positions()` answers the
 * distinct places seen. Call before navigating client-side to the page under test.
 */
export async function trackPosition(page: Page, selector: string) {
  await page.evaluate((target) => {
    const seen = new Set<string>();
    (window as unknown as { __positions: Set<string> }).__positions = seen;
    const look = () => {
      const element = document.querySelector(target);
      if (element) {
        const box = element.getBoundingClientRect();
        seen.add(
          `${Math.round(box.left + window.scrollX)},${Math.round(box.top + window.scrollY)}`,
        );
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, selector);
  return {
    positions: () =>
      page.evaluate(() => [...(window as unknown as { __positions: Set<string> }).__positions]),
  };
}

/**
 * Waits until `read` answers the same for several animation frames in a row: a map that fits
 * itself to late pins and animates its zoom has stopped moving. Counted in the page's frames,
 * not in milliseconds, so a slow machine waits as long as it needs and a fast one no longer.
 */
export async function waitForStill(page: Page, read: () => Promise<string>, frames = 10) {
  const nextFrames = () =>
    page.evaluate(
      (count) =>
        new Promise<void>((resolve) => {
          let left = count;
          const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
      frames,
    );
  let before = '';
  let after = await read();
  await expect
    .poll(async () => {
      before = after;
      await nextFrames();
      after = await read();
      return before === after;
    })
    .toBe(true);
}

/**
 * Catches the open dialog's text once it shows `text`, watching the page from now on: a result
 * shown only for a moment (the collect dialog's destination, 0.8 s by the seed) is caught as it
 * appears, not looked for afterwards, which a loaded machine may do too late. Call it before the
 * action that brings the text, await it after.
 */
export function catchDialogText(page: Page, text: string): Promise<string> {
  return page.evaluate(
    (wanted) =>
      new Promise<string>((resolve) => {
        const look = () => {
          const shown = document.querySelector('dialog[open]')?.textContent ?? '';
          if (!shown.includes(wanted)) return false;
          resolve(shown);
          return true;
        };
        if (look()) return;
        const observer = new MutationObserver(() => {
          if (look()) observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
}

/**
 * Waits until the app on this page has started. A page painted from the HTML starts the app only
 * after its first paint, which can be after `page.goto` returns; until then nothing of the app
 * has run (its language, its stored session).
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Whether the page's app starts on the visitor's first interaction, not on its own. */
export async function startsOnTouch(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.querySelector('script[src*="/interaction-boot-"]')));
}

/**
 * Makes `language` this device's choice, as the language menu stores it, once the app on the
 * page has started: the app stores the language it starts in, so a choice written before that
 * would be overwritten (on a slow machine, after the test had moved on).
 */
export async function chooseDeviceLanguage(page: Page, language: string) {
  // The landing, sign-in and sign-up pages start the app only on the visitor's first touch
  // (decisions 0031, 0082): nothing there stores a language behind the test's back.
  if (!(await startsOnTouch(page))) await waitForApp(page);
  await page.evaluate((lng) => window.localStorage.setItem('i18nextLng', lng), language);
}

/**
 * The collect dialog's "How much are you taking?" starts empty, the donor's estimate beside it:
 * a volunteer counts and enters what they take. It is the dialog's one number field.
 */
export async function enterAmountTaken(dialog: Locator, amount: number) {
  await dialog.getByRole('spinbutton').fill(String(amount));
}
