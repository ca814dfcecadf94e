// Both engines: bulk inserts and the rollups they feed, in SQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  EVENT_ACTIONS,
  publicImpactSchema,
} from '@annasetu/domain';
import { rowsOf } from './client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.js';
import { createTestApp, TestClient, type TestApp } from '../test/build-app.js';
import { platformStats, platformStatsFromRows } from '../modules/stats/stats.queries.js';
import { DEMO_HISTORY_DAYS } from './demo-history.js';

const count = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: unknown }>(await t.database.db.execute(query))[0]!.n);

describe('demo data without history (SEED_DEMO_HISTORY=false, as the browser tests use)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.database, { history: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the seven accounts and six open donations only', async () => {
    expect(await count(t, sql`select count(*) as n from users`)).toBe(DEMO_ACCOUNTS.length);
    expect(await count(t, sql`select count(*) as n from donations`)).toBe(6);
    expect(await count(t, sql`select count(*) as n from donations where status <> 'pending'`)).toBe(
      0,
    );
  });

  it('says how each donation is kept, with its safe-by time, and gives the businesses FSSAI numbers', async () => {
    const rows = rowsOf<{ holding: string; safe: string | null; use_by: string | null }>(
      await t.database.db.execute(
        sql`select holding::text, food_safe_until as safe, use_by from donations`,
      ),
    );
    expect(rows.every((row) => row.holding && row.safe)).toBe(true);
    expect(rows.filter((row) => row.use_by).map((row) => row.holding)).toEqual(['packaged']);
    const numbers = rowsOf<{ role: string; fssai_number: string | null }>(
      await t.database.db.execute(sql`select role, fssai_number from users order by role`),
    );
    for (const { role, fssai_number } of numbers) {
      if (['restaurant', 'mess', 'foodbank'].includes(role))
        expect(fssai_number).toMatch(/^\d{14}$/);
      else expect(fssai_number).toBeNull();
    }
  });
});

describe('demo data with 90 days of history (the default on a first start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect((await seedDemoData(t.database)).created).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds generated organisations and volunteers around Delhi and months of ended journeys', async () => {
    const roles = rowsOf<{ role: string; n: unknown }>(
      await t.database.db.execute(
        sql`select role::text as role, count(*) as n from users group by role`,
      ),
    );
    const byRole = Object.fromEntries(roles.map((r) => [r.role, Number(r.n)]));
    expect(byRole.restaurant).toBeGreaterThanOrEqual(5);
    expect(byRole.foodbank).toBeGreaterThanOrEqual(3);
    expect(byRole.volunteer).toBeGreaterThanOrEqual(5);
    const users = await count(t, sql`select count(*) as n from users`);
    expect(users - DEMO_ACCOUNTS.length).toBeGreaterThanOrEqual(25);
    expect(
      await count(
        t,
        sql`select count(*) as n from users where lat not between 28.3 and 28.9 or lng not between 76.8 and 77.5`,
      ),
    ).toBe(0);

    const [span] = rowsOf<{ days: unknown; n: unknown }>(
      await t.database.db.execute(sql`
        select count(distinct (created_at at time zone 'UTC')::date) as days, count(*) as n
        from donations`),
    );
    expect(Number(span!.days)).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 2);
    expect(Number(span!.n)).toBeGreaterThan(400);
    const statuses = rowsOf<{ status: string; n: unknown }>(
      await t.database.db.execute(
        sql`select status::text as status, count(*) as n from donations group by status`,
      ),
    );
    const byStatus = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]));
    expect(byStatus.completed).toBeGreaterThan(byStatus.rejected!);
    expect(byStatus.rejected).toBeGreaterThan(0);
    expect(byStatus.expired).toBeGreaterThan(0);
    // The six open donations of the plain demo data are still there, and only they are open.
    expect(byStatus.pending).toBe(6);
  });

  it('writes what the workflow writes: a request and collection per carried donation, tokens, events', async () => {
    expect(
      await count(
        t,
        sql`
        select count(*) as n from donations d
        where d.status in ('completed', 'rejected') and d.delivery_method = 'volunteer'
          and not exists (select 1 from collections c join requests r on r.id = c.request_id
                          where c.donation_id = d.id and r.status = 'fulfilled'
                            and r.quality = c.quality and r.volunteer_id = d.volunteer_id)`,
      ),
    ).toBe(0);
    // Every donor's tokens are 10 per good collection of theirs.
    expect(
      await count(
        t,
        sql`
        select count(*) as n from users u
        where u.role in ('restaurant', 'individual', 'mess')
          and u.tokens <> ${DONOR_TOKENS_PER_GOOD_COLLECTION} *
            (select count(*) from donations d where d.donor_id = u.id and d.status = 'completed')`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from users where total_donations <> (select count(*) from donations d where d.donor_id = users.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        t,
        sql`select count(*) as n from users where total_requests <> (select count(*) from requests r where r.requester_id = users.id)`,
      ),
    ).toBe(0);
    expect(
      await count(t, sql`select count(*) as n from users where total_requests > 0`),
    ).toBeGreaterThan(0);
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select distinct action from events`),
    ).map((r) => r.action);
    for (const action of actions) expect(EVENT_ACTIONS).toContain(action);
    expect(actions).toEqual(
      expect.arrayContaining(['donation.collected_good', 'request.delivered']),
    );
    // History is not news: nothing waits to be pushed or mailed.
    expect(
      await count(
        t,
        sql`select count(*) as n from notifications where pushed_at is null or emailed_at is null`,
      ),
    ).toBe(0);
    expect(await count(t, sql`select count(*) as n from notifications`)).toBeGreaterThan(0);
  });

  it('keeps the rollups equal to the rows and gives the public page and the demo accounts real figures', async () => {
    const since = new Date(Date.now() - 90 * 86_400_000);
    expect(await platformStats(t.database.db, since)).toEqual(
      await platformStatsFromRows(t.database.db, since),
    );
    const anonymous = new TestClient(t.app);
    const figures = publicImpactSchema.parse(
      (await anonymous.get('/api/public/impact?range=30d')).json(),
    );
    expect(figures.totals.completedDonations).toBeGreaterThan(50);
    expect(figures.totals.meals).toBeGreaterThan(1000);
    expect(figures.cells.length).toBeGreaterThan(2);
    expect(figures.quality.bad).toBeGreaterThan(0);
    expect(figures.badFoodTo.nursery).toBeGreaterThan(0);
    expect(figures.badFoodTo.poultry).toBeGreaterThan(0);
    expect(figures.cuisines.length).toBe(8);
    expect(
      figures.trends.weekly.filter((w) => w.completedDonations > 0).length,
    ).toBeGreaterThanOrEqual(4);

    for (const account of DEMO_ACCOUNTS) {
      const client = new TestClient(t.app);
      const login = await client.post('/api/auth/login', {
        email: account.email,
        password: DEMO_PASSWORD,
      });
      expect(login.statusCode, account.email).toBe(200);
      const stats = (await client.get('/api/stats/me?range=90')).json().stats;
      const active = stats.donationsMade + stats.deliveriesCompleted + stats.deliveriesReceived;
      // The new volunteer has not passed the hygiene course: no pickups yet, by design.
      if (account.hygienePassed === false) expect(active, account.email).toBe(0);
      else expect(active, account.email).toBeGreaterThan(3);
    }
  });
});
