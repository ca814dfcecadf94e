import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_LANGUAGES } from '@annasetu/domain';
import { PHONE, openPage } from '../support/browser';
import { apiCall, postDonation, signUp } from '../support/donation-flows';
import { PASSWORD, waitForAnimations, waitForPageSettled } from '../support/flows';
import { baseUrl, browserSuite } from '../support/suite';
import { auditText, type TextAudit } from '../support/text-audit';

// Every signed-in page a donor who also requests food (an individual) sees.
const PAGES = [
  '/dashboard',
  '/profile',
  '/donations',
  '/requests',
  '/map',
  '/analytics',
  '/notifications',
  '/chatbot',
];

// Latin words the product keeps in every script: units of the chemistry, file formats, names.
// The phone header's language box shows the language's code (EN, HI, TA...) beside the globe.
const ALLOWED_WORDS = [
  'CO2',
  'CO',
  'PDF',
  'CSV',
  // Food safety: the regulator's name, and degrees Celsius (60 °C, 5 °C).
  'FSSAI',
  'C',
  // Paper sizes keep their ISO names in every script (the label dialog offers A6 and A4).
  'A6',
  'A4',
  'AnnaSetu',
  'OpenStreetMap',
  'Leaflet',
  ...UI_LANGUAGES.map((code) => code.toUpperCase()),
];

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'annasetu-screens');

// Fields that carry what people typed: shown as they wrote them, in any script.
const USER_FIELDS = new Set([
  'foodType',
  'cuisine',
  'notes',
  'name',
  'organizationName',
  'email',
  'address',
  'locality',
  // Localities taken from the addresses people typed (shown before a match).
  'area',
  'pickupArea',
  'requesterArea',
  'donorArea',
  'destinationArea',
  'donorName',
  'donorAddress',
  'pickupAddress',
  'requesterName',
  'requesterAddress',
  'destinationName',
  'destinationAddress',
  'volunteerName',
]);

/** Everything people typed that the signed-in pages may show (other tests' data included). */
async function userDataOnScreen(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const collect = (value: unknown, key = ''): void => {
    if (typeof value === 'string') {
      if (USER_FIELDS.has(key) && value.trim()) found.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) collect(item, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) collect(v, k);
    }
  };
  for (const path of ['/api/donations/available', '/api/donations/mine', '/api/requests']) {
    collect((await apiCall(page, 'GET', path)).data);
  }
  return [...found];
}

/**
 * Moves to another page of the running app the way its links do (history.pushState and the
 * router's popstate), and waits for that page's own heading: the app is loaded once per
 * language, not once per page, as a person moving through it loads it once.
 */
async function moveTo(page: Page, path: string): Promise<void> {
  const heading = page.locator('main h1').first();
  const before = await heading.textContent();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(path);
  await expect.poll(() => heading.textContent()).not.toBe(before);
}

function problems(where: string, audit: TextAudit): string[] {
  return [
    ...audit.clipped.map((line) => `${where}: clipped ${line}`),
    ...audit.latin.map((line) => `${where}: Latin ${line}`),
    ...audit.badDates.map((line) => `${where}: date "${line}"`),
  ];
}

/** The people and the data every language's walk shows: made once, read in each language. */
interface World {
  email: string;
  userData: string[];
}

browserSuite('every signed-in page in every language at 360x640', ({ browser }) => {
  let world: World;

  // One donor who also requests food, a food bank and a kitchen, with donations and requests
  // between them; each language then walks the same pages on a fresh phone signed in as the
  // donor (eight times the same accounts and data instead of eight sets of them).
  beforeAll(async () => {
    const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
    const bank = await openPage(browser(), baseUrl, { viewport: PHONE });
    const kitchen = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const me = await signUp(donor.page, 'individual', 'Kavya');
      const them = await signUp(bank.page, 'foodbank', 'Seva');
      const cook = await signUp(kitchen.page, 'restaurant', 'Tadka');
      const tag = Date.now().toString(36);
      const foods = [`Khichdi ${tag}`, `Poha ${tag}`, `Upma ${tag}`];
      // My donation, requested by the food bank: cards, a request and a notification.
      const mine = await postDonation(donor.page, foods[0]!);
      await apiCall(bank.page, 'POST', `/api/donations/${mine}/requests`, {});
      // Two donations at one point near me: the map must keep both pins apart.
      const near = await postDonation(kitchen.page, foods[1]!);
      await postDonation(kitchen.page, foods[2]!);
      await apiCall(donor.page, 'POST', `/api/donations/${near}/requests`, {});
      world = {
        email: me.email,
        userData: [
          ...(await userDataOnScreen(donor.page)),
          me.name.charAt(0),
          me.name,
          them.name,
          cook.name,
          me.email,
          ...foods,
          'North Indian',
          'Kavya Lane, Connaught Place, New Delhi',
          'Seva Lane, Connaught Place, New Delhi',
          'Tadka Lane, Connaught Place, New Delhi',
        ],
      };
    } finally {
      for (const side of [donor, bank, kitchen]) await side.context.close();
    }
  });

  for (const language of UI_LANGUAGES) {
    it(`${language}: no clipped text, no stray English, no broken dates`, async () => {
      const donor = await openPage(browser(), baseUrl, { viewport: PHONE });
      try {
        const signedIn = await donor.context.request.post(`${baseUrl}/api/auth/login`, {
          data: { email: world.email, password: PASSWORD },
          headers: { origin: baseUrl },
        });
        expect(signedIn.status()).toBe(200);
        // A phone whose stored language is this one, from its first page on.
        await donor.context.addInitScript((lng) => {
          window.localStorage.setItem('i18nextLng', lng);
        }, language);
        const userData = world.userData;
        const page = donor.page;
        const options = { latin: language !== 'en', allowedWords: ALLOWED_WORDS, userData };
        const found: string[] = [];
        mkdirSync(SHOTS, { recursive: true });

        for (const [index, path] of PAGES.entries()) {
          if (index === 0) await page.goto(path);
          else await moveTo(page, path);
          // Text is audited once every panel has its data: a spinner's "Loading" is not read.
          await waitForPageSettled(page);
          if (path === '/map') {
            await page.locator('.leaflet-marker-icon').nth(1).waitFor();
            // Pins at least 24 px and apart from each other, so each can be hit.
            const pins = await page
              .locator('.leaflet-marker-icon')
              .evaluateAll((els) =>
                els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
              );
            for (const pin of pins) {
              expect(Math.min(pin.width, pin.height)).toBeGreaterThanOrEqual(24);
            }
            const [a, b] = pins;
            expect(Math.hypot(a!.x - b!.x, a!.y - b!.y)).toBeGreaterThanOrEqual(24);
          }
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          found.push(...problems(path, await auditText(page, options)));
          await page.screenshot({
            path: join(SHOTS, `walk-${language}${path.replace('/', '-')}.png`),
          });
        }

        // The drawer.
        await page.locator('.topbar__menu').click();
        await page.locator('.sidebar--open').waitFor();
        await waitForAnimations(page, '#app-sidebar');
        found.push(
          ...problems('drawer', await auditText(page, { ...options, within: '#app-sidebar' })),
        );
        await page.screenshot({ path: join(SHOTS, `walk-${language}-drawer.png`) });
        await page.keyboard.press('Escape');

        // A dialog: the first card's first action prints its label, a dialog full of words.
        await moveTo(page, '/donations');
        await waitForPageSettled(page);
        await page.locator('article .btn--secondary').first().click();
        await page.locator('dialog[open]').waitFor();
        found.push(
          ...problems('dialog', await auditText(page, { ...options, within: 'dialog[open]' })),
        );
        await page.screenshot({ path: join(SHOTS, `walk-${language}-dialog.png`) });

        expect(found).toEqual([]);
      } finally {
        await donor.context.close();
      }
    });
  }
});
