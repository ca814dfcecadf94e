import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, openPage, uniqueEmail, slowed } from '../support/browser';
import { apiCall } from '../support/donation-flows';
import { PASSWORD, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';

// Screenshots for people to look at: set LANGUAGE_SCREENSHOTS=/some/folder to keep them.
const SHOTS = process.env.LANGUAGE_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

// Latin-script words every language shows as they are: units and file formats.
// With the regulator's name and degrees Celsius (60 °C) of the food-safety texts.
const LATIN_ALLOWED = new Set(['CO2', 'PDF', 'CSV', 'FSSAI', 'C']);

const LANGUAGES = {
  ta: {
    selector: 'தமிழ்',
    font: 'Noto Sans Tamil',
    hero: 'மீதமுள்ள உணவு, வீணாவதற்கு முன் பகிரப்படுகிறது.',
    login: 'மீண்டும் வருக',
    nav: ['டாஷ்போர்டு', 'நன்கொடைகள்', 'கோரிக்கைகள்'],
    name: 'சரவணா உணவகம்',
  },
  mr: {
    selector: 'मराठी',
    font: 'Noto Sans Devanagari',
    hero: 'उरलेले अन्न, वाया जाण्याआधी वाटले जाते.',
    login: 'पुन्हा स्वागत आहे',
    nav: ['डॅशबोर्ड', 'दान', 'विनंत्या'],
    name: 'साई भोजनालय',
  },
} as const;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function fontLoaded(page: Page, family: string): Promise<boolean> {
  return page.evaluate(async (family) => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.includes(family) && f.status === 'loaded');
  }, family);
}

/** Latin words in the page's headings, buttons, labels, links and table headers. */
async function latinWordsInControls(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, button, label, a, th, legend')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => !el.closest('.leaflet-control-attribution'))
      .map((el) => (el as HTMLElement).innerText),
  );
  return texts
    .flatMap((text) => text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])
    .filter((word) => !LATIN_ALLOWED.has(word));
}

browserSuite('Tamil and Marathi', ({ browser }) => {
  for (const [code, lang] of Object.entries(LANGUAGES)) {
    it(`switches the landing page to ${code} from the selector, in its own font, across a reload`, async () => {
      const { context, page } = await openPage(browser(), baseUrl);
      try {
        await page.goto('/');
        await expect.poll(() => htmlLang(page)).toBe('en');
        const selector = page.getByRole('combobox', { name: 'Language' }).first();
        // The option is named in its own script.
        expect(await selector.locator(`option[value="${code}"]`).textContent()).toBe(lang.selector);
        await selector.selectOption(code);
        await expect.poll(() => htmlLang(page)).toBe(code);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(lang.hero);
        await expect.poll(() => fontLoaded(page, lang.font)).toBe(true);
        await page.reload();
        await expect.poll(() => htmlLang(page)).toBe(code);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(lang.hero);
      } finally {
        await context.close();
      }
    });

    it(`follows the browser language on a first visit (${code}-IN) on a phone`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, {
        locale: `${code}-IN`,
        viewport: PHONE,
      });
      try {
        await page.goto('/login');
        await expect.poll(() => htmlLang(page)).toBe(code);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(lang.login);
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `login-${code}-phone.png`) });
      } finally {
        await context.close();
      }
    });

    it(
      `shows the signed-in pages in ${code} at 360x640, saving the language on the account`,
      { timeout: slowed(120_000) },
      async () => {
        const { context, page } = await openPage(browser(), baseUrl, {
          locale: `${code}-IN`,
          viewport: PHONE,
        });
        try {
          await page.goto('/login');
          await expect.poll(() => htmlLang(page)).toBe(code);
          const registered = await apiCall<{ user: { id: string } }>(
            page,
            'POST',
            '/api/auth/register',
            {
              role: 'restaurant',
              name: lang.name,
              email: uniqueEmail(`restaurant-${code}`),
              phone: '+91 98765 43210',
              address: lang.name,
              organizationName: lang.name,
              password: PASSWORD,
              confirmPassword: PASSWORD,
              language: code,
            },
          );
          expect(registered.status).toBe(201);
          const me = await apiCall<{ user: { language: string } }>(page, 'GET', '/api/me');
          expect(me.data.user.language).toBe(code);

          await page.goto('/dashboard');
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page
            .getByRole('button', { name: /மெனு|मेनू/ })
            .first()
            .click();
          for (const label of lang.nav) {
            await expect
              .poll(() => page.getByRole('link', { name: label, exact: true }).first().count())
              .toBeGreaterThan(0);
          }
          await page.keyboard.press('Escape');

          for (const path of [
            '/dashboard',
            '/donations',
            '/requests',
            '/analytics',
            '/notifications',
            '/profile',
            '/chatbot',
            '/map',
          ]) {
            await page.goto(path);
            await waitForPageSettled(page);
            expect(await htmlLang(page), path).toBe(code);
            expect(await latinWordsInControls(page), path).toEqual([]);
            if (SHOTS) {
              const name = `${path.slice(1)}-${code}-phone`;
              await page.screenshot({ path: join(SHOTS, `${name}.png`) });
            }
          }
        } finally {
          await context.close();
        }
      },
    );
  }
});
