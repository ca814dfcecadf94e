// Both engines: the public rollups against the raw rows, in SQL.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CO2_KG_PER_UNIT,
  IMPACT_GRID_CELLS_PER_DEGREE,
  IMPACT_MIN_CELL_RESCUES,
  PUBLIC_IMPACT_RANGES,
  PUBLIC_IMPACT_TABLES,
} from '@annasetu/domain';
import { rowsOf } from '../../db/client.js';
import { postDonation } from '../../test/factories.js';
import {
  collectionOutcomes,
  collectionOutcomesFromRows,
  completionTrends,
  completionTrendsFromRows,
  rescueCells,
  rescueCellsFromRows,
} from './public.queries.js';
import { publicRangeStart } from './public.service.js';
import { anonymous, bank, BUSY, impact, mess, QUIET, t, useSmallCity } from './public.fixture.js';

// The small city of public.fixture.ts: two donors, ten rescues, one donation still waiting.
useSmallCity();

describe('GET /api/public/impact', () => {
  it('answers without sign-in with the figures the signed-in platform statistics give', async () => {
    const pairs = [
      ['30d', '30'],
      ['90d', '90'],
      ['all', 'all'],
    ] as const;
    for (const [publicRange, analyticsRange] of pairs) {
      const figures = await impact(publicRange);
      const stats = (await bank.client.get(`/api/stats/platform?range=${analyticsRange}`)).json()
        .stats;
      expect(figures.totals).toMatchObject({
        meals: stats.totalMealsDonated,
        kg: stats.totalKgDonated,
        co2Kg: stats.totalCO2Saved,
        completedDonations: stats.totalCompletedDonations,
        measuredDonations: stats.totalMeasuredDonations,
      });
      const o = figures.totals.organisations;
      expect(o.restaurant + o.individual + o.mess).toBe(stats.totalDonors);
      expect(o.foodbank + o.nursery + o.poultry).toBe(stats.totalReceivers);
      expect(o.volunteer).toBe(stats.totalVolunteers);
    }
    const figures = await impact();
    // Worked out by hand: 6 good meal donations of 10..15 meals and 3 meals, 4 kg of bakery.
    expect(figures.totals).toMatchObject({
      meals: 10 + 11 + 12 + 13 + 14 + 15 + 3,
      kg: 4,
      completedDonations: 8,
      measuredDonations: 2,
      organisations: { restaurant: 1, mess: 1, volunteer: 1, foodbank: 1, nursery: 1, poultry: 1 },
    });
    expect(figures.totals.co2Kg).toBeCloseTo(
      78 * CO2_KG_PER_UNIT.meals + 4 * CO2_KG_PER_UNIT.kg,
      6,
    );
    expect(figures.quality).toEqual({ good: 8, bad: 2 });
    expect(figures.badFoodTo).toEqual({ nursery: 1, poultry: 1 });
    expect(figures.cuisines).toEqual(
      expect.arrayContaining([
        { cuisine: 'Mughlai', donations: 4 },
        { cuisine: 'South Indian', donations: 2 },
        { cuisine: 'Bakery', donations: 1 },
      ]),
    );
    expect(figures.factors.co2KgPerMeal).toBe(CO2_KG_PER_UNIT.meals);
    expect(figures.licence.url).toBe('https://creativecommons.org/licenses/by/4.0/');
    // The open data says the same of which donations were counted at pickup.
    const [header, row] = parse(
      (await anonymous.get('/api/public/impact.csv?range=all&table=totals')).body,
    ) as string[][];
    expect(row![header!.indexOf('completedDonations')]).toBe('8');
    expect(row![header!.indexOf('measuredDonations')]).toBe('2');
  });

  it('has weekly and monthly completions that add up to the totals', async () => {
    for (const range of PUBLIC_IMPACT_RANGES) {
      const figures = await impact(range);
      for (const buckets of [figures.trends.weekly, figures.trends.monthly]) {
        expect(buckets.length).toBeGreaterThan(0);
        const sum = (key: 'meals' | 'completedDonations') =>
          buckets.reduce((total, b) => total + b[key], 0);
        expect(sum('meals')).toBe(figures.totals.meals);
        expect(sum('completedDonations')).toBe(figures.totals.completedDonations);
        for (const b of buckets) expect(b.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(figures.trends.monthly.every((b) => b.start.endsWith('-01'))).toBe(true);
      expect(
        figures.trends.weekly.every((b) => new Date(`${b.start}T00:00:00Z`).getUTCDay() === 1),
      ).toBe(true);
    }
  });

  it('maps rescues to grid cell centres and leaves out cells with fewer than five', async () => {
    const { cells } = await impact();
    expect(cells).toHaveLength(1);
    const [cell] = cells;
    expect(cell!.rescues).toBe(6);
    const size = 1 / IMPACT_GRID_CELLS_PER_DEGREE;
    expect(cell!.lat).toBeCloseTo((Math.floor(BUSY.lat / size) + 0.5) * size, 6);
    expect(cell!.lng).toBeCloseTo((Math.floor(BUSY.lng / size) + 0.5) * size, 6);
    expect(cell!.sizeKm).toBeGreaterThan(5);
    // The quiet cell had 2 rescues: real, but suppressed.
    const all = await rescueCellsFromRows(t.database.db, publicRangeStart(Date.now(), '30d'));
    expect(all.map((c) => c.rescues).sort()).toEqual([2, 6]);
    expect(2).toBeLessThan(IMPACT_MIN_CELL_RESCUES);
  });

  it('refuses an unknown range with a coded 400 and changes nothing', async () => {
    for (const [url, field] of [
      ['/api/public/impact?range=7', 'range'],
      ['/api/public/impact?range=', 'range'],
      ['/api/public/impact?range=30d&extra=1', 'extra'],
      ['/api/public/impact.csv?table=users', 'table'],
    ]) {
      const response = await anonymous.get(url!);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toMatch(/^[A-Z_]+$/);
      expect(response.json().details[0].field, url).toBe(`querystring.${field}`);
    }
    expect((await impact()).range).toBe('30d');
    expect((await anonymous.get('/api/public/impact')).json().range).toBe('30d');
  });

  it('is cacheable: Cache-Control, an ETag that holds while nothing changes, 304, the licence link', async () => {
    const first = await anonymous.get('/api/public/impact?range=90d');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.link).toBe(
      '<https://creativecommons.org/licenses/by/4.0/>; rel="license"',
    );
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['set-cookie']).toBeUndefined();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await anonymous.get('/api/public/impact?range=90d', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another range is other content.
    const other = await anonymous.get('/api/public/impact?range=all', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    // A new donation changes the cuisines, so the old ETag no longer matches.
    await postDonation(mess.client, { cuisine: 'Gujarati', pickupCoordinates: QUIET });
    const changed = await anonymous.get('/api/public/impact?range=90d', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    const csv = await anonymous.get('/api/public/impact.csv?range=90d&table=cuisines');
    expect(csv.headers['cache-control']).toBe('public, max-age=300');
    expect(csv.headers.link).toContain('rel="license"');
    const csvAgain = await anonymous.get('/api/public/impact.csv?range=90d&table=cuisines', {
      'if-none-match': csv.headers.etag as string,
    });
    expect(csvAgain.statusCode).toBe(304);
  });
});

describe('GET /api/public/impact.csv', () => {
  it('gives every table as UTF-8 CSV with a header row and the JSON figures', async () => {
    const figures = await impact('all');
    const tables: Record<string, Array<Record<string, string>>> = {};
    for (const table of PUBLIC_IMPACT_TABLES) {
      const response = await anonymous.get(`/api/public/impact.csv?range=all&table=${table}`);
      expect(response.statusCode, table).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(`annasetu-impact-${table}-all.csv`);
      tables[table] = parse(response.body, { columns: true });
    }
    expect(tables.totals).toHaveLength(1);
    expect(Number(tables.totals![0]!.meals)).toBe(figures.totals.meals);
    expect(Number(tables.totals![0]!.completedDonations)).toBe(figures.totals.completedDonations);
    expect(Number(tables.totals![0]!.volunteer)).toBe(figures.totals.organisations.volunteer);
    expect(tables.weekly!.map((r) => r.start)).toEqual(figures.trends.weekly.map((b) => b.start));
    expect(tables.monthly!.map((r) => Number(r.completedDonations))).toEqual(
      figures.trends.monthly.map((b) => b.completedDonations),
    );
    expect(tables.cells).toEqual(
      figures.cells.map((c) => ({
        lat: String(c.lat),
        lng: String(c.lng),
        sizeKm: String(c.sizeKm),
        rescues: String(c.rescues),
      })),
    );
    expect(tables.cuisines!.map((r) => r.cuisine)).toEqual(figures.cuisines.map((c) => c.cuisine));
    expect(tables.quality).toEqual([
      { quality: 'good', destinationType: 'foodbank', collections: String(figures.quality.good) },
      { quality: 'bad', destinationType: 'nursery', collections: '1' },
      { quality: 'bad', destinationType: 'poultry', collections: '1' },
    ]);
  });

  it('writes a cuisine that a spreadsheet would run as a formula as plain text', async () => {
    await postDonation(mess.client, {
      cuisine: '=HYPERLINK("http://x.test")',
      pickupCoordinates: QUIET,
    });
    const response = await anonymous.get('/api/public/impact.csv?range=30d&table=cuisines');
    const rows = parse(response.body, { columns: true }) as Array<{ cuisine: string }>;
    const cell = rows.find((r) => r.cuisine.includes('HYPERLINK'));
    expect(cell?.cuisine).toBe(`'=HYPERLINK("http://x.test")`);
  });
});

describe('rollups behind the public figures', () => {
  it('equal the raw rows for ranges starting on either side of day boundaries, after history moves', async () => {
    // Spread the rescues over four months, on and around UTC midnights.
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id from donations where completed_at is not null order by id`,
      ),
    ).map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      const offset = sql.raw(`'${i * 11} days ${i * 5} hours'`);
      await t.database.db.execute(sql`
        update donations set created_at = created_at - ${offset}::interval,
                             completed_at = completed_at - ${offset}::interval where id = ${id}`);
      await t.database.db.execute(sql`
        update requests set collected_at = collected_at - ${offset}::interval,
                            fulfilled_at = fulfilled_at - ${offset}::interval
        where donation_id = ${id} and collected_at is not null`);
    }
    const now = Date.now();
    const midnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
    );
    const starts = [
      ...PUBLIC_IMPACT_RANGES.map((r) => publicRangeStart(now, r)),
      new Date(midnight - 40 * 86_400_000),
      new Date(midnight - 40 * 86_400_000 - 1),
      new Date(midnight - 40 * 86_400_000 + 3_600_000),
      new Date(midnight - 1),
    ];
    for (const since of starts) {
      for (const unit of ['week', 'month'] as const) {
        expect(await completionTrends(t.database.db, { since, unit })).toEqual(
          await completionTrendsFromRows(t.database.db, { since, unit }),
        );
      }
      expect(await collectionOutcomes(t.database.db, since)).toEqual(
        await collectionOutcomesFromRows(t.database.db, since),
      );
      const fromRows = await rescueCellsFromRows(t.database.db, since);
      expect(await rescueCells(t.database.db, since)).toEqual(
        fromRows.filter((c) => c.rescues >= IMPACT_MIN_CELL_RESCUES),
      );
    }
    // The grid the database counts in is the domain's.
    const [row] = rowsOf<{ cell_lat: number; cell_lng: number }>(
      await t.database.db.execute(sql`
        select cell_lat, cell_lng from stats_daily_cells
        group by cell_lat, cell_lng order by sum(rescues) desc limit 1`),
    );
    expect(row).toEqual({
      cell_lat: Math.floor(BUSY.lat * IMPACT_GRID_CELLS_PER_DEGREE),
      cell_lng: Math.floor(BUSY.lng * IMPACT_GRID_CELLS_PER_DEGREE),
    });
  });
});
