import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { PHONE, openPage } from '../support/browser';
import { ApiMember } from '../support/impact-api';
import { baseUrl, browserSuite } from '../support/suite';
import { chooseDeviceLanguage } from '../support/flows';

interface PublicImpact {
  totals: { meals: number; completedDonations: number };
  factors: { co2KgPerMeal: number };
}

// The public figures come from the server's public API: without it (404) the page says it could
// not load them, and the checks that need the figures fail with this note.
const NO_PUBLIC_API = 'the server has no /api/public/impact';

async function publicApiExists(): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/public/impact?range=30d`);
  return response.status !== 404;
}

async function publicImpact(range: string): Promise<PublicImpact> {
  const response = await fetch(`${baseUrl}/api/public/impact?range=${range}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PublicImpact;
}

/** Indian grouping with Latin digits, as the page writes counts. */
const indian = (value: number) => new Intl.NumberFormat('en-IN').format(value);

/** The value on the stat card with this label. */
async function statCard(page: Page, label: string): Promise<string> {
  const card = page.locator('.stat-card', { has: page.getByText(label, { exact: true }) });
  return (await card.locator('.stat-card__value').textContent()) ?? '';
}

/** A completed good rescue and a bad one, so the public figures are not all zero. */
async function rescueSomeFood() {
  const donor = await new ApiMember(baseUrl, 'restaurant').signUp('Open Figures Dhaba');
  const volunteer = await new ApiMember(baseUrl, 'volunteer').signUp('Open Figures Rider');
  const bank = await new ApiMember(baseUrl, 'foodbank').signUp('Open Figures Bank');
  const poultry = await new ApiMember(baseUrl, 'poultry').signUp('Open Figures Farm');
  const good = await donor.postDonation(`Dal makhani ${Date.now().toString(36)}`, {
    quantity: 24,
    unit: 'meals',
  });
  const bad = await donor.postDonation(`Stale bread ${Date.now().toString(36)}`, {
    quantity: 5,
    unit: 'kg',
  });
  await volunteer.carry(good, 'good', bank);
  await volunteer.carry(bad, 'bad', poultry);
}

browserSuite('the public impact page', ({ browser }) => {
  it('opens from the landing page without signing in, switches range and language', async () => {
    const { context, page } = await openPage(browser(), baseUrl, { viewport: PHONE });
    try {
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
      });
      await page.goto('/');
      await page.getByRole('link', { name: 'See the live figures' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/impact');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe("AnnaSetu's impact");
      await expect.poll(() => asked).toContain('/api/public/impact?range=30d');
      // Figures, or the notice that they could not be loaded: either way no serious axe issue.
      await page.locator('[data-testid="impact-totals"], [role="alert"]').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('radio', { name: '90 days' }).click();
      await expect.poll(() => page.getByRole('radio', { name: '90 days' }).isChecked()).toBe(true);
      await expect.poll(() => new URL(page.url()).search).toBe('?range=90d');
      await expect.poll(() => asked).toContain('/api/public/impact?range=90d');

      await page.getByRole('combobox', { name: 'Language' }).first().selectOption('hi');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('अन्नसेतु का प्रभाव');
      await expect.poll(() => page.getByRole('radio', { name: '90 दिन' }).isChecked()).toBe(true);
      await expect(page.getByRole('radio', { name: '12 महीने' }).count()).resolves.toBe(1);
      // Nobody signed in: the page asked for no session and holds none.
      expect(asked.filter((path) => path.startsWith('/api/me'))).toEqual([]);
      expect((await context.cookies()).map((c) => c.name)).not.toContain('sid');
    } finally {
      await context.close();
    }
  });

  it('shows the figures the public API gives, in English and Hindi, for each range', async () => {
    expect(await publicApiExists(), NO_PUBLIC_API).toBe(true);
    await rescueSomeFood();
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      for (const [range, label] of [
        ['all', 'All time'],
        ['30d', '30 days'],
        ['12m', '12 months'],
      ] as const) {
        if (range === 'all') await page.goto('/impact?range=all');
        else await page.getByRole('radio', { name: label }).click();
        const expected = await publicImpact(range);
        expect(expected.totals.completedDonations).toBeGreaterThan(0);
        await expect
          .poll(() => statCard(page, 'Completed donations'))
          .toBe(indian(expected.totals.completedDonations));
        await expect.poll(() => statCard(page, 'Meals shared')).toBe(indian(expected.totals.meals));
      }
      await expect
        .poll(() => page.getByTestId('impact-factors').textContent())
        .toContain(`${(await publicImpact('12m')).factors.co2KgPerMeal} kg of CO2 saved per meal`);

      await page
        .locator('.leaflet-interactive, [data-testid="impact-map-empty"]')
        .first()
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await chooseDeviceLanguage(page, 'hi');
      await page.reload();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('अन्नसेतु का प्रभाव');
      const twelve = await publicImpact('12m');
      await expect
        .poll(() => statCard(page, 'पूरे हुए दान'))
        .toBe(indian(twelve.totals.completedDonations));
    } finally {
      await context.close();
    }
  });

  it('downloads the totals and weekly tables as CSV that parse', async () => {
    expect(await publicApiExists(), NO_PUBLIC_API).toBe(true);
    await rescueSomeFood();
    const { context, page } = await openPage(browser(), baseUrl);
    try {
      await page.goto('/impact?range=all');
      const expected = await publicImpact('all');
      for (const [name, table] of [
        ['Totals (CSV)', 'totals'],
        ['By week (CSV)', 'weekly'],
      ] as const) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name }).click(),
        ]);
        expect(download.url()).toContain(`/api/public/impact.csv?range=all&table=${table}`);
        const text = readFileSync((await download.path())!, 'utf8');
        const rows = parse(text, { bom: true }) as string[][];
        expect(rows.length).toBeGreaterThan(1);
        const header = rows[0]!;
        expect(header.every((name) => name.trim().length > 0)).toBe(true);
        expect(rows.every((row) => row.length === header.length)).toBe(true);
        if (table === 'totals') {
          expect(rows.slice(1).flat()).toContain(String(expected.totals.completedDonations));
        }
      }
    } finally {
      await context.close();
    }
  });
});
