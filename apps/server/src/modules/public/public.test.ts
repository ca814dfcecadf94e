import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CO2_KG_PER_UNIT,
  IMPACT_GRID_CELLS_PER_DEGREE,
  IMPACT_MIN_CELL_RESCUES,
  PUBLIC_IMPACT_RANGES,
  PUBLIC_IMPACT_TABLES,
  publicImpactSchema,
  publicOrgCardSchema,
  type PublicImpact,
} from '@annasetu/domain';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import {
  collectionOutcomes,
  collectionOutcomesFromRows,
  completionTrends,
  completionTrendsFromRows,
  rescueCells,
  rescueCellsFromRows,
} from './public.queries.js';
import { publicRangeStart } from './public.service.js';

// A small city: two donors posting from two neighbourhoods. Six good rescues picked up in one
// grid cell (shown on the map), two in another (fewer than five: left out), one bad collection
// to a nursery and one to a poultry farm, and one donation still waiting.
type Actor = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let anonymous: TestClient;
let restaurant: Actor;
let mess: Actor;
let volunteer: Actor;
let bank: Actor;
let nursery: Actor;
let farm: Actor;
const BUSY = { lat: 28.6312, lng: 77.2171 };
const QUIET = { lat: 28.5521, lng: 77.1013 };
const points: Array<{ lat: number; lng: number }> = [];

async function rescue(
  donor: Actor,
  pickup: { lat: number; lng: number },
  quality: 'good' | 'bad',
  overrides: Record<string, unknown> = {},
) {
  points.push(pickup);
  const donation = await postDonation(donor.client, { pickupCoordinates: pickup, ...overrides });
  const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  const requestId = grab.json().request.id as string;
  const destination = quality === 'good' ? bank : overrides.unit === 'kg' ? farm : nursery;
  const collect = await volunteer.client.post('/api/collections', {
    donationId: donation.id,
    requestId,
    quality,
    destinationType: destination.user.role,
    destinationUserId: destination.user.id,
  });
  expect(collect.statusCode, collect.body).toBeLessThan(300);
  const done = await volunteer.client.post(`/api/requests/${requestId}/complete`);
  expect(done.statusCode, done.body).toBeLessThan(300);
  return donation.id;
}

beforeAll(async () => {
  t = await createTestApp();
  anonymous = new TestClient(t.app);
  restaurant = await signUp(t.app, 'restaurant', { organizationName: 'Saffron Kitchen Trust' });
  mess = await signUp(t.app, 'mess', { organizationName: undefined });
  volunteer = await signUp(t.app, 'volunteer');
  bank = await signUp(t.app, 'foodbank');
  nursery = await signUp(t.app, 'nursery');
  farm = await signUp(t.app, 'poultry');
  for (let i = 0; i < 6; i++) {
    await rescue(i % 2 ? mess : restaurant, { lat: BUSY.lat + i * 0.001, lng: BUSY.lng }, 'good', {
      quantity: 10 + i,
      cuisine: i < 4 ? 'Mughlai' : 'South Indian',
    });
  }
  await rescue(restaurant, QUIET, 'good', { quantity: 4, unit: 'kg', cuisine: 'Bakery' });
  await rescue(mess, { lat: QUIET.lat + 0.002, lng: QUIET.lng }, 'good', { quantity: 3 });
  await rescue(restaurant, BUSY, 'bad', { quantity: 7 });
  await rescue(mess, QUIET, 'bad', { quantity: 5, unit: 'kg' });
  await postDonation(restaurant.client, { pickupCoordinates: QUIET });
});
afterAll(async () => {
  await t?.close();
});

async function impact(range: string = '30d'): Promise<PublicImpact> {
  const response = await anonymous.get(`/api/public/impact?range=${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return publicImpactSchema.parse(response.json());
}

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

describe('organisation impact cards', () => {
  it('are off by default and appear and disappear at once with the opt-in', async () => {
    const me = (await restaurant.client.get('/api/me')).json().user;
    expect(me).toMatchObject({ publicImpact: false, publicSlug: null });

    const on = await restaurant.client.patch('/api/me', { publicImpact: true });
    expect(on.statusCode, on.body).toBe(200);
    const slug = on.json().user.publicSlug as string;
    expect(on.json().user.publicImpact).toBe(true);
    expect(slug).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await restaurant.client.get('/api/me')).json().user.publicSlug).toBe(slug);

    const card = await anonymous.get(`/api/public/orgs/${slug}`);
    expect(card.statusCode, card.body).toBe(200);
    const body = publicOrgCardSchema.parse(card.json());
    const [own] = rowsOf<{ n: unknown; meals: unknown }>(
      await t.database.db.execute(sql`
        select count(*) as n, coalesce(sum(meals_donated), 0) as meals from donations
        where donor_id = ${restaurant.user.id} and status = 'completed'`),
    );
    expect(body).toMatchObject({
      slug,
      displayName: 'Saffron Kitchen Trust',
      role: 'restaurant',
      totals: { completedDonations: Number(own!.n), meals: Number(own!.meals) },
    });
    expect(body.totals.completedDonations).toBeGreaterThan(0);
    expect(card.headers['cache-control']).toBe('public, no-cache');

    const badge = await anonymous.get(`/api/public/orgs/${slug}/badge.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(badge.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(badge.body).toContain('Saffron Kitchen Trust');
    expect(badge.body).toContain('Meals donated');
    expect(badge.body).toContain(`>${body.totals.meals}<`);
    const hindi = await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=hi`);
    expect(hindi.body).toContain('दान किए गए भोजन');
    expect(hindi.body).toContain('font-family="');
    expect(hindi.body).toContain('lang="hi"');
    expect((await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=xx`)).statusCode).toBe(
      400,
    );

    // Switching it on again keeps the address; switching off removes both at once.
    expect(
      (await restaurant.client.patch('/api/me', { publicImpact: true })).json().user.publicSlug,
    ).toBe(slug);
    const off = await restaurant.client.patch('/api/me', { publicImpact: false });
    expect(off.json().user).toMatchObject({ publicImpact: false, publicSlug: null });
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/public/orgs/${slug}/badge.svg`)).statusCode).toBe(404);

    const again = await restaurant.client.patch('/api/me', { publicImpact: true });
    const newSlug = again.json().user.publicSlug as string;
    expect(newSlug).not.toBe(slug);
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/public/orgs/${newSlug}`)).statusCode).toBe(200);
  });

  it("count a receiver's deliveries received", async () => {
    const slug = (await bank.client.patch('/api/me', { publicImpact: true })).json().user
      .publicSlug as string;
    const card = (await anonymous.get(`/api/public/orgs/${slug}`)).json();
    expect(card).toMatchObject({ role: 'foodbank', totals: { completedDonations: 8 } });
    const badge = await anonymous.get(`/api/public/orgs/${slug}/badge.svg`);
    expect(badge.body).toContain('Deliveries received');
  });

  it('are for organisations only: volunteers, admins and accounts without an organisation name cannot publish one', async () => {
    const volunteerTry = await volunteer.client.patch('/api/me', { publicImpact: true });
    expect(volunteerTry.statusCode).toBe(403);
    expect(volunteerTry.json().code).toBe('FORBIDDEN');
    const noName = await mess.client.patch('/api/me', { publicImpact: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0]).toMatchObject({
      field: 'publicImpact',
      code: 'ORGANIZATION_REQUIRED',
    });
    expect((await mess.client.get('/api/me')).json().user.publicSlug).toBeNull();
    expect((await anonymous.get('/api/public/orgs/not-a-real-slug-000')).statusCode).toBe(404);
    expect((await anonymous.get('/api/public/orgs/x')).statusCode).toBe(400);
  });

  it('disappear when the account is suspended', async () => {
    const slug = (await farm.client.patch('/api/me', { publicImpact: true })).json().user
      .publicSlug as string;
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update users set suspended_at = now() where id = ${farm.user.id}`,
    );
    expect((await anonymous.get(`/api/public/orgs/${slug}`)).statusCode).toBe(404);
    await t.database.db.execute(
      sql`update users set suspended_at = null where id = ${farm.user.id}`,
    );
  });
});

describe('nothing personal in any public answer', () => {
  it('holds no email, phone, address, name of a person, account id or point finer than the grid', async () => {
    const slugs = [];
    for (const actor of [restaurant, bank, farm]) {
      slugs.push(
        (await actor.client.patch('/api/me', { publicImpact: true })).json().user.publicSlug,
      );
    }
    const answers: string[] = [];
    for (const range of PUBLIC_IMPACT_RANGES) {
      answers.push((await anonymous.get(`/api/public/impact?range=${range}`)).body);
      for (const table of PUBLIC_IMPACT_TABLES) {
        answers.push(
          (await anonymous.get(`/api/public/impact.csv?range=${range}&table=${table}`)).body,
        );
      }
    }
    for (const slug of slugs) {
      answers.push((await anonymous.get(`/api/public/orgs/${slug}`)).body);
      for (const lang of ['en', 'hi', 'ta']) {
        answers.push((await anonymous.get(`/api/public/orgs/${slug}/badge.svg?lang=${lang}`)).body);
      }
    }
    const users = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select id, email, phone, address, name, lat, lng from users`),
    );
    const secrets = new Set<string>();
    for (const u of users) {
      for (const key of ['id', 'email', 'phone', 'address', 'name'] as const) {
        secrets.add(String(u[key]));
      }
      if (u.lat !== null) secrets.add(String(u.lat)).add(String(u.lng));
    }
    for (const p of points) secrets.add(String(p.lat)).add(String(p.lng));
    const ids = rowsOf<{ id: string }>(
      await t.database.db.execute(
        sql`select id::text from donations union all select id::text from requests`,
      ),
    );
    for (const { id } of ids) secrets.add(id);
    const everything = answers.join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
    // Every coordinate in the JSON is a cell centre.
    for (const range of PUBLIC_IMPACT_RANGES) {
      for (const cell of (await impact(range)).cells) {
        const g = IMPACT_GRID_CELLS_PER_DEGREE;
        expect(cell.lat * g - Math.floor(cell.lat * g)).toBeCloseTo(0.5, 6);
        expect(cell.lng * g - Math.floor(cell.lng * g)).toBeCloseTo(0.5, 6);
      }
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with a code past the per-address limit of the public routes', async () => {
    const limited = await createTestApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = new TestClient(limited.app, { ip: '203.0.113.9' });
      const answers = [];
      for (const url of [
        '/api/public/impact',
        '/api/public/impact.csv',
        '/api/public/orgs/unknown-slug-0000',
        '/api/public/impact',
      ]) {
        answers.push(await client.get(url));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 429]);
      expect(answers[3]!.json().code).toBe('RATE_LIMITED');
      // Another address has its own window.
      const other = new TestClient(limited.app, { ip: '203.0.113.10' });
      expect((await other.get('/api/public/impact')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
