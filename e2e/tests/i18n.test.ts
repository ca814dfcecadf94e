import { expect, it } from 'vitest';
import { FONT_SCRIPT_OF, UI_LANGUAGES } from '@annasetu/domain';
import type { Page } from 'playwright-core';
import { openPage } from '../support/browser';
import { loginThroughUi, registerThroughUi, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

async function chooseLanguage(page: Page, code: string) {
  await page
    .getByRole('combobox', { name: /Language|भाषा|భాష|ಭಾಷೆ|ਭਾਸ਼ਾ|ভাষা/ })
    .first()
    .selectOption(code);
}

browserSuite('languages', ({ browser }) => {
  it('switches the landing page to Hindi, then Telugu, and keeps each across a reload', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await chooseLanguage(page, 'hi');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('बचा हुआ भोजन, बर्बाद होने से पहले बँटे।');
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect.poll(() => page.getByRole('link', { name: 'शुरू करें' }).first().count()).toBe(1);
      // The Devanagari face is self-hosted and actually in use.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            await document.fonts.ready;
            return [...document.fonts].some(
              (f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded',
            );
          }),
        )
        .toBe(true);

      await chooseLanguage(page, 'te');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('te');
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('te');
      await expect
        .poll(() => page.getByRole('link', { name: 'ప్రారంభించండి' }).first().count())
        .toBe(1);
    } finally {
      await context.close();
    }
  });

  it('downloads only the fonts of the scripts on screen', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.woff2')) fonts.push(request.url());
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(fonts.some((url) => url.includes('noto-sans-latin'))).toBe(true);
      expect(
        fonts.filter((url) => /devanagari|gurmukhi|bengali|telugu|kannada|tamil/.test(url)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('follows the browser language on a first visit (hi-IN shows Hindi)', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { locale: 'hi-IN' });
    try {
      await page.goto('/login');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('फिर से स्वागत है');
    } finally {
      await context.close();
    }
  });

  it('shows validation messages and server errors in the chosen language', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      const account = await registerThroughUi(page, 'individual');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await chooseLanguage(page, 'kn');
      await page.goto('/register');
      await page.getByRole('button', { name: 'ಖಾತೆ ರಚಿಸಿ' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('ದಯವಿಟ್ಟು ಎಲ್ಲಾ ಕಡ್ಡಾಯ ಕ್ಷೇತ್ರಗಳನ್ನು ಭರ್ತಿ ಮಾಡಿ');
      await page.goto('/login');
      await page.getByLabel('ಇಮೇಲ್').fill(account.email);
      await page.locator('input[name="password"]').fill('wrong-password');
      await page.getByRole('button', { name: 'ಲಾಗಿನ್', exact: true }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('ಇಮೇಲ್ ಅಥವಾ ಪಾಸ್‌ವರ್ಡ್ ತಪ್ಪಾಗಿದೆ. ದಯವಿಟ್ಟು ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.');
    } finally {
      await context.close();
    }
  });

  it("applies the account's saved language on sign-in on another device", async () => {
    const first = await openPage(browser(), baseUrl);
    const second = await openPage(browser(), baseUrl);
    try {
      const account = await registerThroughUi(first.page, 'individual');
      // Changing the language in the app saves it to the account.
      await chooseLanguage(first.page, 'pa');
      await expect
        .poll(() =>
          first.page.evaluate(async () => {
            const answer = await fetch('/api/me', { credentials: 'same-origin' });
            return ((await answer.json()) as { user: { language: string } }).user.language;
          }),
        )
        .toBe('pa');

      // A fresh device in English: signing in switches it to Punjabi and remembers that.
      await loginThroughUi(second.page, account.email, account.password);
      await second.page.waitForURL(/\/dashboard/);
      await expect.poll(() => second.page.evaluate(() => document.documentElement.lang)).toBe('pa');
      await expect
        .poll(() => second.page.getByRole('button', { name: 'ਲੌਗ ਆਊਟ' }).count())
        .toBeGreaterThan(0);
      await second.page.reload();
      await expect.poll(() => second.page.evaluate(() => document.documentElement.lang)).toBe('pa');
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('writes numbers in native digits only when the reader asks, and remembers it', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await registerThroughUi(page, 'individual');
      await chooseLanguage(page, 'hi');
      await page.goto('/profile');
      const box = page.getByTestId('native-digits');
      await waitForPageSettled(page);
      expect(await box.isChecked()).toBe(false);
      // Member since: a date with Latin digits by default.
      const since = page.locator('.profile-card__facts dd').last();
      await expect.poll(() => since.textContent()).toMatch(/[0-9]/);
      await box.check();
      await expect.poll(() => since.textContent()).toMatch(/^[^0-9]*[०-९][^0-9]*$/);
      await page.reload();
      await expect.poll(() => since.textContent()).toMatch(/[०-९]/);
      // English has no digits of its own: no switch, Latin digits.
      await chooseLanguage(page, 'en');
      await expect.poll(() => page.getByTestId('native-digits').count()).toBe(0);
      await expect.poll(() => since.textContent()).toMatch(/[0-9]/);
    } finally {
      await context.close();
    }
  });
  it("draws the closed language menu in the page's own face, in every language", async () => {
    // The menu's list uses the device's fonts (decision in language-select.css); the closed menu
    // shows the page's own language, which a device without that script's fonts showed as boxes.
    for (const language of UI_LANGUAGES) {
      const context = await browser().newContext({ baseURL: baseUrl, locale: language });
      try {
        const page = await context.newPage();
        await page.goto('/login');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const devtools = await context.newCDPSession(page);
        await devtools.send('DOM.enable');
        await devtools.send('CSS.enable');
        const { root } = await devtools.send('DOM.getDocument', { depth: -1 });
        const { nodeId } = await devtools.send('DOM.querySelector', {
          nodeId: root.nodeId,
          selector: '.language-select__control',
        });
        const { fonts } = await devtools.send('CSS.getPlatformFontsForNode', { nodeId });
        const script = FONT_SCRIPT_OF[language];
        const own = script
          ? `Noto Sans ${script[0]!.toUpperCase()}${script.slice(1)}`
          : 'Noto Sans';
        expect(
          fonts.map((font) => font.familyName),
          language,
        ).toEqual([own]);
        expect(
          fonts.every((font) => font.isCustomFont),
          language,
        ).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});
