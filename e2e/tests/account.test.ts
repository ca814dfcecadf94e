import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { openPage } from '../support/browser';
import { loginThroughUi, registerThroughUi, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

browserSuite('my data', ({ browser }) => {
  it('downloads my data, then deletes the account after the password', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      const account = await registerThroughUi(page, 'individual');
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'My data' }).waitFor();
      // The panels above fill in as their data arrives: the button at the bottom moves until then.
      await waitForPageSettled(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^annasetu-my-data-.*\.json$/);
      const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
        user?: { email?: string };
      };
      expect(JSON.stringify(saved)).toContain(account.email);

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const password = page.getByLabel(/^Your password, to confirm/);
      await password.fill('not-my-password');
      await page.getByRole('button', { name: 'Delete permanently' }).click();
      await expect.poll(() => page.locator('.field__error').count()).toBe(1);

      await password.fill(account.password);
      await page.getByRole('button', { name: 'Delete permanently' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.getByText('Your account has been deleted').count()).toBe(1);

      // The old credentials no longer sign in.
      await loginThroughUi(page, account.email, account.password);
      await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });
});
