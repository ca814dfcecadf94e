import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUp } from '@annasetu/test-kit';
import { openPage, PHONE } from '../support/browser';
import { smsc } from '../support/file-servers';
import { baseUrl, browserSuite } from '../support/suite';

// Sign-in by phone on a phone-sized screen in Hindi; the code arrives over SMPP at the SMSC this
// file's server binds to (support/file-servers.ts), and is read from there.
// Screenshots for people to look at: set PHONE_SCREENSHOTS=/some/folder to keep them.
const SHOTS = process.env.PHONE_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `phone-sign-in-${name}.png`) });
}

/** Nothing on the page is wider than the screen. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

async function textedTo(phone: string, ask: () => Promise<unknown>): Promise<string> {
  const seen = smsc().messages.length;
  await ask();
  const sms = await smsc().waitForMessage(
    (m) => m.to === phone && smsc().messages.indexOf(m) >= seen,
  );
  expect(sms.dataCoding, 'Hindi goes as UCS-2').toBe(8);
  return codeIn(sms.text);
}

browserSuite('sign in by phone', ({ browser }) => {
  it('signs in at 360x640 in Hindi with the code texted over SMPP', async () => {
    const phone = '+919812345678';
    const { session, body } = await signUp(baseUrl, 'volunteer', { phone, language: 'hi' });
    // The number is verified first, on the profile, by a code of its own.
    const verifyCode = await textedTo(phone, async () =>
      expect((await session.call('POST', '/api/me/phone/code', {})).status).toBe(202),
    );
    const verified = await session.call('POST', '/api/me/phone/verify', { code: verifyCode });
    expect(verified.status).toBe(200);

    const { context, page } = await openPage(browser(), baseUrl, {
      viewport: PHONE,
      locale: 'hi-IN',
    });
    try {
      await page.goto('/login');
      const offer = page.getByRole('button', { name: 'फ़ोन से लॉग इन करें' });
      await offer.waitFor();
      await expectNoSideways(page);
      await shoot(page, 'hi-offer');
      await offer.click();
      await page.getByLabel(/^मोबाइल नंबर/).fill('98123 45678');
      await expectNoSideways(page);
      await shoot(page, 'hi-number');
      const firstCode = await textedTo(phone, () =>
        page.getByRole('button', { name: 'कोड भेजें' }).click(),
      );
      const codeField = page.getByLabel(/^6 अंकों का कोड/);
      await codeField.waitFor();
      // The phone's Back button returns to the number, as typed, not out of the sign-in page.
      await page.goBack();
      await expect.poll(() => page.getByLabel(/^मोबाइल नंबर/).inputValue()).toBe('98123 45678');
      expect(new URL(page.url()).pathname).toBe('/login');
      // A second code replaces the first: the first one no longer signs in.
      const code = await textedTo(phone, () =>
        page.getByRole('button', { name: 'कोड भेजें' }).click(),
      );
      expect(code).not.toBe(firstCode);
      await codeField.fill(firstCode);
      await page.getByRole('button', { name: 'लॉग इन करें' }).click();
      await page.getByRole('alert').or(page.locator('.field__error')).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await codeField.fill(code);
      await expectNoSideways(page);
      await shoot(page, 'hi-code');
      await page.getByRole('button', { name: 'लॉग इन करें' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain(body.name.split(' ')[0]);
    } finally {
      await context.close();
    }
  });
});
