import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REGISTRABLE_ROLES, homePathForRole } from '@annasetu/domain';
import { openPage } from '../support/browser';
import {
  PASSWORD,
  loginThroughUi,
  logoutThroughUi,
  registerThroughUi,
  waitForPageSettled,
  type Account,
} from '../support/flows';
import { baseUrl, browserSuite, dataDir } from '../support/suite';

browserSuite('accounts in the browser', ({ browser }) => {
  const accounts: Partial<Record<string, Account>> = {};

  for (const role of REGISTRABLE_ROLES) {
    it(`registers as ${role}, lands on the right dashboard and logs out`, async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        const account = await registerThroughUi(page, role);
        accounts[role] = account;
        expect(new URL(page.url()).pathname).toBe(homePathForRole(role));
        await expect
          .poll(() => page.getByText('Account created successfully!').count())
          .toBeGreaterThan(0);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toContain(account.name);
        await logoutThroughUi(page);
        await expect
          .poll(() => page.getByText('Logged out successfully').count())
          .toBeGreaterThan(0);
        await expect
          .poll(() => page.getByRole('link', { name: 'Get Started' }).count())
          .toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    });
  }

  it('logs in with remember me and sends nursery users to their own dashboard', async () => {
    const account = accounts.nursery;
    expect(account).toBeDefined();
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await page.goto('/login');
      await page.getByLabel('Email').fill(account!.email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard\/nursery-poultry$/);
      await expect.poll(() => page.getByText('Welcome back!').count()).toBeGreaterThan(0);
      const session = (await context.cookies()).find((c) => c.httpOnly && c.expires > 0);
      expect(session, 'remember me keeps a persistent session cookie').toBeDefined();
    } finally {
      await context.close();
    }
  });

  it('shows the seed message for a wrong password and stays on the login page', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await loginThroughUi(page, accounts.restaurant!.email, 'not-the-password');
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('Invalid email or password. Please try again.');
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('guards protected pages and returns to the page asked for after login', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      // The sign-in page's code comes late, as on a slow link: the guard moves to it once, and
      // does not move again at every frame while it waits (it did, 275 times in 3 s).
      await context.addInitScript(() => {
        const replace = history.replaceState.bind(history);
        const counted = window as unknown as { addressMoves: number };
        counted.addressMoves = 0;
        history.replaceState = (...args: Parameters<History['replaceState']>) => {
          counted.addressMoves += 1;
          replace(...args);
        };
      });
      const lateSignIn = /\/assets\/login-[^/]*\.js$/;
      await context.route(lateSignIn, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto('/profile');
      await page.waitForURL(/\/login$/);
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      const moves = await page.evaluate(
        () => (window as unknown as { addressMoves: number }).addressMoves,
      );
      expect(moves).toBeLessThanOrEqual(2);
      await context.unroute(lateSignIn);
      await loginThroughUi(page, accounts.restaurant!.email, PASSWORD);
      await page.waitForURL(/\/profile$/);
      await page.goto('/admin');
      await page.waitForURL(/\/dashboard$/);
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => page.getByRole('link', { name: 'Go to Dashboard' }).first().count())
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it('edits the profile and keeps the change after a reload', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await loginThroughUi(page, accounts.volunteer!.email, PASSWORD);
      await page.waitForURL(/\/dashboard$/);
      await page.goto('/profile');
      await waitForPageSettled(page);
      await page.getByLabel('Full name').fill('Ravi Kumar');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(() => page.getByText('Profile updated successfully').count())
        .toBeGreaterThan(0);
      await page.reload();
      await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Ravi Kumar');
    } finally {
      await context.close();
    }
  });

  it('shows the forgot-password form in the same task as the tap, before the address follows', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await page.goto('/login');
      // The sign-in page's app starts on the visitor's first interaction (decision 0082).
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // The router moves to `?forgot=1` in a transition, which a slow phone may render half a
      // second later; what was typed meanwhile went into the sign-in form still on screen.
      const shown = await page.evaluate(async () => {
        const link = [...document.querySelectorAll('a')].find((a) => a.search === '?forgot=1');
        link!.click();
        // React's answer to a tap runs in a microtask; a transition waits for a later task.
        await Promise.resolve();
        return document.querySelector('form .form__title')?.textContent ?? null;
      });
      expect(shown).toBe('Forgot your password?');
      await page.waitForURL(/\/login\?forgot=1$/);
      await page.getByRole('link', { name: 'Back to log in' }).click();
      await page.waitForURL(/\/login$/);
      await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('resets a forgotten password through the emailed link', async () => {
    const account = accounts.foodbank!;
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect
        .poll(() => page.getByRole('status').allTextContents())
        .toContainEqual(expect.stringContaining(`If an account exists for ${account.email}`));

      await expect.poll(() => resetLinkFor(account.email)).toBeTruthy();
      const url = new URL(resetLinkFor(account.email)!);
      await page.goto(url.pathname + url.search);
      await page.getByLabel('New password').fill('a-new-password-2');
      await page.getByLabel('Confirm password').fill('a-new-password-2');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.waitForURL(/\/login$/);
      await loginThroughUi(page, account.email, 'a-new-password-2');
      await page.waitForURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  });
});

/** The newest reset link mailed to `email`, read from the server's outbox folder. */
function resetLinkFor(email: string): string | null {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    if (!file.includes(email)) continue;
    const match = decodeMail(readFileSync(join(outbox, file), 'utf8')).match(
      /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/,
    );
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  return null;
}

/** The readable text of a raw .eml: quoted-printable undone, base64 parts decoded. */
function decodeMail(raw: string): string {
  const quoted = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [quoted, ...base64Parts].join('\n');
}
