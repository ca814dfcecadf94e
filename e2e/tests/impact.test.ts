import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage, slowed } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { waitForPageSettled } from '../support/flows';
import { ApiMember } from '../support/impact-api';
import { baseUrl, browserSuite } from '../support/suite';

const PDFTOPPM = '/usr/bin/pdftoppm';
const OUT = join(tmpdir(), `annasetu-impact-${process.pid}`);
// The files written for the checks go with the run (screenshots stay in SCREENSHOT_DIR), unless
// KEEP_TEST_FILES asks to look at them.
afterAll(() => {
  if (!process.env.KEEP_TEST_FILES) rmSync(OUT, { recursive: true, force: true });
});
// Screenshots for people to look at: set IMPACT_SCREENSHOTS=/some/folder to keep them.
const SHOTS = process.env.IMPACT_SCREENSHOTS;

interface Cast {
  donor: ApiMember;
  volunteer: ApiMember;
  bank: ApiMember;
  poultry: ApiMember;
  goodFood: string;
  badFood: string;
}

/**
 * The workflow behind every figure below: a restaurant posts 30 meals and 8 kg; a volunteer
 * takes the meals (good) to a food bank and the 8 kg (spoilt) to a poultry farm, and delivers
 * both. CO2: 30 meals x 1.3 = 39 kg, credited to donor, volunteer and food bank; spoilt food
 * saves none. Tokens: donor 10 (one good collection), volunteer 2 x 5.
 */
async function setUpWorkflow(): Promise<Cast> {
  const donor = await new ApiMember(baseUrl, 'restaurant').signUp('Saffron Kitchen');
  const volunteer = await new ApiMember(baseUrl, 'volunteer').signUp('Meera Rider');
  const bank = await new ApiMember(baseUrl, 'foodbank').signUp('Roti Bank');
  const poultry = await new ApiMember(baseUrl, 'poultry').signUp('Hen House');
  const stamp = Date.now().toString(36);
  const goodFood = `Rajma chawal ${stamp}`;
  const badFood = `Stale rotis ${stamp}`;
  const good = await donor.postDonation(goodFood, { quantity: 30, unit: 'meals' });
  const bad = await donor.postDonation(badFood, { quantity: 8, unit: 'kg' });
  await volunteer.carry(good, 'good', bank);
  await volunteer.carry(bad, 'bad', poultry);
  return { donor, volunteer, bank, poultry, goodFood, badFood };
}

async function signedInPage(
  browser: Browser,
  member: ApiMember,
  options: { viewport?: { width: number; height: number }; language?: string } = {},
) {
  const { context, page } = await openPage(browser, baseUrl, { viewport: options.viewport });
  await member.signInBrowser(context);
  if (options.language) {
    await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), options.language);
  }
  return { context, page };
}

/** The value on the stat card with this label, inside a container. */
async function cardValue(page: Page, testId: string, label: string): Promise<string> {
  const card = page
    .getByTestId(testId)
    .locator('.stat-card')
    .filter({ has: page.getByText(label, { exact: true }) });
  return (await card.locator('.stat-card__value').textContent())?.trim() ?? '';
}

/** Share of dark pixels on a greyscale (PGM) page image. */
function inkRatio(pgm: Buffer): number {
  // P5 header: magic, width, height, max value, each followed by whitespace.
  let offset = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(pgm[offset]!))) offset += 1;
    let token = '';
    while (!/\s/.test(String.fromCharCode(pgm[offset]!)))
      token += String.fromCharCode(pgm[offset++]!);
    fields.push(token);
  }
  offset += 1;
  const pixels = pgm.subarray(offset);
  let dark = 0;
  for (const value of pixels) if (value < 160) dark += 1;
  return dark / pixels.length;
}

browserSuite('impact: dashboards, profile, analytics, PDF and CSV', ({ browser }) => {
  let cast: Cast;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    cast = await setUpWorkflow();
  });

  it("shows the donor's figures, activity and impact on the dashboard", async () => {
    const { context, page } = await signedInPage(browser(), cast.donor);
    try {
      await page.goto('/dashboard');
      await page.getByTestId('figure-cards').waitFor();
      await page.getByTestId('quick-actions').waitFor();
      expect(await cardValue(page, 'figure-cards', 'Donations made')).toBe('2');
      expect(await cardValue(page, 'figure-cards', 'Meals donated')).toBe('30');
      expect(await cardValue(page, 'figure-cards', 'CO2 saved')).toBe('39 kg');
      expect(await cardValue(page, 'figure-cards', 'Reward tokens')).toBe('10');
      const actions = await page
        .getByTestId('quick-actions')
        .locator('.action-card__title')
        .allTextContents();
      expect(actions).toEqual(['Create donation', 'View requests', 'Analytics']);
      const activity = page.getByTestId('activity-list');
      await activity.waitFor();
      expect(await activity.locator('li').count()).toBeLessThanOrEqual(5);
      expect(await activity.textContent()).toContain(`You donated ${cast.goodFood} (30 meals)`);
      expect(await activity.textContent()).toContain(
        `${cast.volunteer.name} delivered your ${cast.goodFood}`,
      );
      const impact = await page.getByTestId('impact-messages').textContent();
      // 39 kg of CO2 = 155.4 km at 251 g a km; 30 meals = 2.5 family-days at 12 a day.
      expect(impact).toContain(
        'You have saved 39 kg of CO2, as much as a car emits in 155.4 km (251 g of CO2 per km).',
      );
      expect(impact).toContain('You have shared 30 meals, enough to feed a family for 2.5 days.');
      await page.getByRole('link', { name: 'View all notifications' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the volunteer analytics with the 90-day default, bars, badges and profile blurb', async () => {
    const { context, page } = await signedInPage(browser(), cast.volunteer);
    try {
      await page.goto('/analytics');
      expect(await page.getByRole('radio', { name: '90 days' }).isChecked()).toBe(true);
      await page.getByTestId('figure-cards').waitFor();
      expect(await cardValue(page, 'figure-cards', 'Deliveries completed')).toBe('2');
      expect(await cardValue(page, 'figure-cards', 'CO2 saved by your deliveries')).toBe('39 kg');
      expect(await cardValue(page, 'figure-cards', 'Reward tokens')).toBe('10');
      await expect
        .poll(() => page.getByTestId('bar-weekly').textContent())
        .toContain('2 of 5 in the last 7 days');
      expect(await page.getByTestId('bar-milestone').textContent()).toContain(
        '39 of 50 kg (11 kg to go)',
      );
      expect(
        await page
          .getByTestId('bar-milestone')
          .getByRole('progressbar')
          .getAttribute('aria-valuenow'),
      ).toBe('78');
      const earned = await page
        .getByTestId('badges')
        .locator('[data-earned="true"]')
        .allTextContents();
      expect(earned.join(' ')).toContain('Getting Started');
      expect(earned).toHaveLength(1);
      await page.getByTestId('trends-table').waitFor();
      await page.getByTestId('platform-cards').waitFor();
      // The platform's meals and kg say how many delivered donations were weighed or counted.
      expect(await page.getByTestId('platform-impact-basis').textContent()).toMatch(
        /delivered donations/,
      );

      await page.goto('/profile');
      await expect
        .poll(() => page.getByTestId('volunteer-blurb').textContent())
        .toContain('You have completed 2 deliveries and saved 39 kg of CO2');
    } finally {
      await context.close();
    }
  });

  it('shows receivers what arrived, with the 30-day fulfilment bar', async () => {
    const { context, page } = await signedInPage(browser(), cast.bank);
    try {
      await page.goto('/analytics');
      expect(await page.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
      await page.getByTestId('figure-cards').waitFor();
      expect(await cardValue(page, 'figure-cards', 'Deliveries received')).toBe('1');
      expect(await cardValue(page, 'figure-cards', 'CO2 saved by food you received')).toBe('39 kg');
      await expect
        .poll(() => page.getByTestId('bar-fulfilment').textContent())
        .toContain('1 of 1 (100%)');
      await page.goto('/dashboard');
      await page.getByTestId('quick-actions').waitFor();
      const actions = await page
        .getByTestId('quick-actions')
        .locator('.action-card__title')
        .allTextContents();
      // Decision 0019: browsing and requesting are one page, so the second action is the food bank's requests.
      expect(actions).toEqual(['Create request', 'My requests', 'Analytics']);
    } finally {
      await context.close();
    }
  });

  it('centres the poultry dashboard on incoming food unfit for people', async () => {
    const { context, page } = await signedInPage(browser(), cast.poultry);
    try {
      await page.goto('/dashboard/nursery-poultry');
      await page.getByTestId('incoming-counts').waitFor();
      expect(await cardValue(page, 'incoming-counts', 'Received')).toBe('1');
      const card = page.getByTestId('incoming-list').locator('article').first();
      expect(await card.textContent()).toContain(cast.badFood);
      expect(await card.textContent()).toContain('Not fit for people');
      expect(await card.textContent()).toContain('8 kg');
      expect(await cardValue(page, 'figure-cards', 'Deliveries received')).toBe('1');
      expect(await cardValue(page, 'figure-cards', 'CO2 saved by food you received')).toBe('0 kg');
    } finally {
      await context.close();
    }
  });

  it('changes figures with the range and offers a print view', async () => {
    const { context, page } = await signedInPage(browser(), cast.donor);
    try {
      await page.goto('/analytics');
      await page.getByTestId('figure-cards').waitFor();
      await page.getByRole('radio', { name: '7 days' }).check();
      expect(await page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
      await expect.poll(() => cardValue(page, 'figure-cards', 'Donations made')).toBe('2');
      // The trends have their own query: wait for the new range's table before printing.
      await page.getByTestId('trends-table').waitFor();
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.report-actions').isVisible()).toBe(false);
      expect(await page.locator('.sidebar').isVisible()).toBe(false);
      expect(await page.getByTestId('trends-table').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('exports the CSV of the donor’s own donations', async () => {
    const { context, page } = await signedInPage(browser(), cast.donor);
    try {
      await page.goto('/analytics');
      await page.getByTestId('figure-cards').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-csv').click(),
      ]);
      const file = join(OUT, 'impact.csv');
      await download.saveAs(file);
      const csv = readFileSync(file, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Date,Type,Food,Quantity,Counted at handover,Unit,Status,Meals,Food (kg),CO2 saved (kg),With',
      );
      expect(
        lines.some((l) => l.includes(cast.goodFood) && l.includes(',30,,meals,Completed,30,0,39,')),
      ).toBe(true);
      expect(
        lines.some((l) => l.includes(cast.badFood) && l.includes(',8,,kg,Rejected,0,0,0,')),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('alerts when the PDF library cannot be loaded', async () => {
    const { context, page } = await signedInPage(browser(), cast.donor);
    try {
      await page.route(/\/assets\/pdfmake-[^/]+\.js$/, (route) => route.abort());
      await page.goto('/analytics');
      await page.getByTestId('figure-cards').waitFor();
      const dialog = page.waitForEvent('dialog');
      await page.getByTestId('download-pdf').click();
      const alert = await dialog;
      expect(alert.message()).toBe('Could not load PDF library.');
      await alert.dismiss();
    } finally {
      await context.close();
    }
  });

  for (const [language, font] of [
    ['en', 'NotoSans-'],
    ['hi', 'NotoSansDevanagari'],
    ['pa', 'NotoSansGurmukhi'],
    ['bn', 'NotoSansBengali'],
    ['te', 'NotoSansTelugu'],
    ['kn', 'NotoSansKannada'],
    ['ta', 'NotoSansTamil'],
    ['mr', 'NotoSansDevanagari'],
  ] as const) {
    it(`downloads an A4 landscape PDF report in ${language} with its script's font`, async () => {
      const { context, page } = await signedInPage(browser(), cast.donor, { language });
      // A report that fails shows a toast; its reason is in the console.
      page.on('console', (m) => {
        if (m.type() === 'error') console.log(`[${language}] ${m.text()}`);
      });
      try {
        await page.goto('/analytics');
        await page.getByTestId('figure-cards').waitFor();
        await page.getByTestId('trends-table').waitFor();
        await page.getByTestId('activity-list').waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('download-pdf').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^annasetu-impact-30-\d{4}-\d{2}-\d{2}\.pdf$/);
        const file = join(OUT, `report-${language}.pdf`);
        await download.saveAs(file);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        if (!existsSync(PDFTOPPM)) return;
        const info = execFileSync('pdfinfo', [file]).toString();
        expect(info).toMatch(/Pages:\s+2/);
        // A4 landscape: 841.89 x 595.28 points.
        expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/);
        expect(execFileSync('pdffonts', [file]).toString()).toContain(font);
        const prefix = join(OUT, `page-${language}`);
        execFileSync(PDFTOPPM, ['-r', '30', '-gray', file, prefix]);
        const pages = readdirSync(OUT).filter((f) => f.startsWith(`page-${language}-`));
        expect(pages).toHaveLength(2);
        for (const name of pages) {
          expect(inkRatio(readFileSync(join(OUT, name)))).toBeGreaterThan(0.005);
        }
        if (SHOTS)
          execFileSync(PDFTOPPM, ['-png', '-r', '60', file, join(SHOTS, `report-${language}`)]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`has no serious axe violations on /dashboard and /analytics (${label})`, async () => {
      const { context, page } = await signedInPage(browser(), cast.donor, { viewport });
      try {
        const problems: string[] = [];
        for (const path of ['/dashboard', '/analytics']) {
          await page.goto(path);
          await page.getByTestId('figure-cards').waitFor();
          await page.getByTestId('activity-list').waitFor();
          await page.evaluate(() => document.fonts.ready);
          problems.push(...(await seriousViolations(page)).map((p) => `${path}: ${p}`));
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it.skipIf(!SHOTS)(
    'takes screenshots in English, Hindi and Kannada',
    { timeout: slowed(300_000) },
    async () => {
      for (const language of ['en', 'hi', 'kn']) {
        for (const [label, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          for (const [name, member, path] of [
            ['dashboard', cast.donor, '/dashboard'],
            ['analytics', cast.donor, '/analytics'],
            ['poultry', cast.poultry, '/dashboard/nursery-poultry'],
          ] as const) {
            const { context, page } = await signedInPage(browser(), member, { viewport, language });
            try {
              await page.goto(path);
              await page.getByTestId('figure-cards').waitFor();
              await waitForPageSettled(page);
              await page.screenshot({
                path: join(SHOTS!, `${name}-${language}-${label}.png`),
                fullPage: true,
              });
              await page.screenshot({ path: join(SHOTS!, `${name}-${language}-${label}-top.png`) });
            } finally {
              await context.close();
            }
          }
        }
      }
    },
  );
});
