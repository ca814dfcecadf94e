import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, postDonation } from '../support/api';
import { DESKTOP, PHONE, openPage } from '../support/browser';
import { loginThroughUi, registerThroughUi } from '../support/flows';
import { seriousViolations } from '../support/axe';
import { REPO_ROOT } from '../support/paths';
import { followQuickActions } from '../support/quick-actions';
import { startServer, type RunningServer } from '../support/server';
import { browserSuite } from '../support/suite';

const ADMIN = { email: 'admin.e2e@example.in', password: 'admin-e2e-password-1' };

// Admins are created only by the command line, which needs the database to itself: this file
// runs its own server on a data directory where the CLI created the admin first. The shared
// server of the other files is left alone.
let server: RunningServer | undefined;
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'annasetu-e2e-admin-'));
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      join(REPO_ROOT, 'apps', 'server', 'src', 'cli', 'admin-create.ts'),
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--name',
      'E2E Admin',
    ],
    { cwd: REPO_ROOT, env, timeout: 120_000 },
  );
  server = await startServer({ DATA_DIR: dataDir });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const url = () => server!.baseUrl;

async function signInAsAdmin(page: Page) {
  await loginThroughUi(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
}

browserSuite('admin console', ({ browser }) => {
  it('an admin finds a donor, verifies them, and the donation shows the verified donor', async () => {
    const donor = await openPage(browser(), url());
    const admin = await openPage(browser(), url());
    const receiver = await openPage(browser(), url());
    try {
      const account = await registerThroughUi(donor.page, 'restaurant');
      const donationId = await postDonation(donor.page, 'Idli and sambar');
      await registerThroughUi(receiver.page, 'foodbank');

      await signInAsAdmin(admin.page);
      const page = admin.page;
      // Platform figures are there.
      await expect.poll(() => page.locator('.stat-card').count()).toBe(8);
      await page.getByLabel('Role').selectOption('restaurant');
      await page.getByLabel(/^Search by name/).fill(account.email);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByTestId('admin-user').filter({ hasText: account.email });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('Not verified');

      await row.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => page.getByText(`${account.name} Org is now verified`).count())
        .toBe(1);
      await expect.poll(() => row.getByText('Verified', { exact: true }).count()).toBe(1);

      // What the receiver sees of that donation now carries the badge.
      const seen = await callApi<{ donation: { donorVerified?: boolean } }>(
        receiver.page,
        'GET',
        `/api/donations/${donationId}`,
      );
      expect(seen.status).toBe(200);
      expect(seen.body.donation.donorVerified).toBe(true);

      // The action is in the event log, under a label rather than its code.
      const log = page.getByRole('region', { name: 'Recent changes' });
      await expect.poll(() => log.getByText('Admin changed a user').count()).toBeGreaterThan(0);
      await expect.poll(() => log.getByText('Donation posted').count()).toBeGreaterThan(0);
      expect(await log.getByText('admin.user_updated').count()).toBe(0);

      // Suspending asks in the app's own dialog (never the browser's): cancel, then confirm.
      let browserDialogs = 0;
      page.on('dialog', (dialog) => {
        browserDialogs += 1;
        void dialog.dismiss();
      });
      await row.getByRole('button', { name: 'Suspend' }).click();
      const confirm = page.getByRole('dialog', { name: 'Suspend' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(`Suspend ${account.name} Org?`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await row.getByText('Suspended', { exact: true }).count()).toBe(0);
      await row.getByRole('button', { name: 'Suspend' }).click();
      await confirm.getByRole('button', { name: 'Suspend' }).click();
      await expect.poll(() => row.getByText('Suspended', { exact: true }).count()).toBe(1);
      expect(browserDialogs).toBe(0);
      await row.getByRole('button', { name: 'Restore' }).click();
      await expect.poll(() => row.getByText('Suspended', { exact: true }).count()).toBe(0);
    } finally {
      await donor.context.close();
      await admin.context.close();
      await receiver.context.close();
    }
  });

  it('leads the admin to a page where each quick action can be done', async () => {
    const { context, page } = await openPage(browser(), url());
    try {
      await signInAsAdmin(page);
      expect(await followQuickActions(page, '/dashboard', '')).toEqual([
        'Manage users',
        'Analytics',
        'Chatbot help',
      ]);
    } finally {
      await context.close();
    }
  });

  it('is for admins only', async () => {
    const { context, page } = await openPage(browser(), url());
    try {
      await registerThroughUi(page, 'volunteer');
      await page.goto('/admin');
      await page.waitForURL(/\/dashboard/);
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`has no serious axe violations on ${label}`, async () => {
      const { context, page } = await openPage(browser(), url(), { viewport });
      try {
        await loginThroughUi(page, ADMIN.email, ADMIN.password);
        await page.waitForURL(/\/dashboard/);
        await page.evaluate(() => {
          window.history.pushState({}, '', '/admin');
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
        await expect.poll(() => page.getByTestId('admin-user').count()).toBeGreaterThan(0);
        await page.evaluate(() => document.fonts.ready);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
