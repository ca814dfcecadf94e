// Both engines: rollups against the raw rows under concurrent writes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { runExpiryOnce } from '../../jobs/expiry.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { donationInput, signInAsAdmin, signUp } from '../../test/factories.js';
import {
  donationTrends,
  platformStats,
  platformStatsFromRows,
  platformTopCuisinesFromRows,
  platformTrendsFromRows,
  topCuisines,
} from './stats.queries.js';
import { prng } from '@annasetu/test-kit';

// The platform figures come from rollups that database triggers keep (stats_daily,
// stats_daily_cuisines, stats_role_counts). After a random sequence of workflow actions through
// the API (posting, grabbing, releasing, collecting good and bad food, delivering, confirming,
// requesting, accepting, deleting, expiring, suspending, signing up), and with donations moved
// back in time so ranges cut through the history, they must equal the same figures added up
// from raw rows, for range starts on either side of every day boundary.

const SEED = Number(process.env.STATS_ROLLUP_SEED ?? 20_261_122);
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

let t: TestApp;
let admin: TestClient;
const clients = new Map<string, TestClient>();
const byRole: Record<string, string[]> = {};

async function join(role: 'restaurant' | 'individual' | 'volunteer' | 'foodbank' | 'poultry') {
  const { client, user } = await signUp(t.app, role);
  clients.set(user.id, client);
  (byRole[role] ??= []).push(user.id);
  return user.id;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

/** One of the rows, chosen by the seeded sequence (rows come in a fixed order). */
async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  const found = await rows<T>(query);
  return found.length ? pick(found) : undefined;
}

const CUISINES = ['North Indian', 'north indian ', 'South Indian', 'Bengali', 'Other', 'other'];

/** One random workflow action; many are refused (wrong state), which must change nothing. */
async function act(): Promise<string> {
  const donors = [...(byRole.restaurant ?? []), ...(byRole.individual ?? [])];
  const r = random();
  if (r < 0.22) {
    const self = random() < 0.3;
    const farm = random() < 0.4;
    const destination = pick(farm ? byRole.poultry! : byRole.foodbank!);
    const unit = pick(['meals', 'kg', 'packs', 'liters'] as const);
    await clients.get(pick(donors))!.post(
      '/api/donations',
      donationInput({
        cuisine: pick(CUISINES),
        unit,
        quantity: unit === 'kg' || unit === 'liters' ? 1 + Math.round(random() * 300) / 10 : 5,
        ...(self
          ? {
              deliveryMethod: 'self',
              destinationType: farm ? 'poultry' : 'foodbank',
              destinationUserId: destination,
            }
          : {}),
      }),
    );
    return 'post';
  }
  if (r < 0.34) {
    const d = await one<{ id: string }>(
      sql`select id from donations where status = 'pending' and delivery_method = 'volunteer' order by created_at, id`,
    );
    if (d) await clients.get(pick(byRole.volunteer!))!.post(`/api/donations/${d.id}/grab`);
    return 'grab';
  }
  if (r < 0.38) {
    const d = await one<{ id: string; volunteer_id: string }>(
      sql`select id, volunteer_id from donations where volunteer_id is not null and status = 'accepted' order by created_at, id`,
    );
    if (d) await clients.get(d.volunteer_id)!.post(`/api/donations/${d.id}/release`, {});
    return 'release';
  }
  if (r < 0.52) {
    const q = await one<{
      id: string;
      donation_id: string;
      volunteer_id: string;
      quantity: number;
    }>(
      sql`select r.id, r.donation_id, r.volunteer_id, d.quantity from requests r join donations d on d.id = r.donation_id
          where r.status = 'accepted' and r.volunteer_id is not null order by r.created_at, r.id`,
    );
    if (q) {
      const good = random() < 0.75;
      const farm = !good || random() < 0.2;
      await clients.get(q.volunteer_id)!.post('/api/collections', {
        donationId: q.donation_id,
        requestId: q.id,
        quality: good ? 'good' : 'bad',
        destinationType: farm ? 'poultry' : 'foodbank',
        destinationUserId: pick(farm ? byRole.poultry! : byRole.foodbank!),
        // Weighed at pickup half the time: at the estimate exactly (the basis changes, the
        // figures do not) or a little under it.
        ...(random() < 0.5
          ? { pickedQuantity: random() < 0.5 ? q.quantity : Math.max(1, q.quantity - 1) }
          : {}),
      });
    }
    return 'collect';
  }
  if (r < 0.6) {
    const q = await one<{ id: string; volunteer_id: string }>(
      sql`select id, volunteer_id from requests where status = 'collected' order by created_at, id`,
    );
    if (q) await clients.get(q.volunteer_id)!.post(`/api/requests/${q.id}/complete`);
    return 'deliver';
  }
  if (r < 0.68) {
    const q = await one<{ id: string; destination_user_id: string; quantity: number }>(
      sql`select r.id, r.destination_user_id, d.quantity from requests r join donations d on d.id = r.donation_id
          where r.destination_user_id is not null and r.status in ('accepted', 'collected') order by r.created_at, r.id`,
    );
    if (q) {
      await clients.get(q.destination_user_id)!.post(`/api/requests/${q.id}/confirm-receipt`, {
        quality: pick(['good', 'bad']),
        ...(random() < 0.5 ? { receivedQuantity: q.quantity } : {}),
      });
    }
    return 'confirm';
  }
  if (r < 0.74) {
    const d = await one<{ id: string }>(
      sql`select id from donations where status = 'pending' order by created_at, id`,
    );
    if (d) await clients.get(pick(byRole.foodbank!))!.post(`/api/donations/${d.id}/requests`, {});
    return 'request';
  }
  if (r < 0.78) {
    const q = await one<{ id: string; donor_id: string }>(
      sql`select id, donor_id from requests where status = 'pending' order by created_at, id`,
    );
    if (q) await clients.get(q.donor_id)!.post(`/api/requests/${q.id}/accept`);
    return 'accept';
  }
  if (r < 0.82) {
    const d = await one<{ id: string; donor_id: string }>(
      sql`select id, donor_id from donations where deleted_at is null order by created_at, id`,
    );
    if (d) await clients.get(d.donor_id)!.delete(`/api/donations/${d.id}`);
    return 'delete';
  }
  if (r < 0.85) {
    const d = await one<{ id: string }>(
      sql`select id from donations where status = 'pending' order by created_at, id`,
    );
    if (d) {
      await t.database.db.execute(
        sql`update donations set expiry_time = now() - interval '1 minute' where id = ${d.id}`,
      );
    }
    await runExpiryOnce(t.database);
    return 'expire';
  }
  if (r < 0.88) {
    const everyone = [...clients.keys()];
    await admin.patch(`/api/admin/users/${pick(everyone)}`, { suspended: random() < 0.6 });
    return 'suspend';
  }
  if (r < 0.91) {
    await join(pick(['restaurant', 'individual', 'volunteer', 'foodbank', 'poultry'] as const));
    return 'sign-up';
  }
  // History: move a donation (and its completion) back by up to 120 days and a few hours, so
  // figures spread over many days, weeks and months.
  const back = `${Math.floor(random() * 120)} days ${Math.floor(random() * 24)} hours`;
  const d = await one<{ id: string }>(sql`select id from donations order by created_at, id`);
  if (d) {
    await t.database.db.execute(
      sql`update donations set created_at = created_at - ${back}::interval,
            completed_at = completed_at - ${back}::interval
          where id = ${d.id}`,
    );
  }
  return 'backdate';
}

/** Every platform figure, from the rollups and from raw rows, for many range starts. */
async function expectRollupsExact() {
  const db = t.database.db;
  const now = Date.now();
  const starts = [
    ...[0.2, 1, 1.5, 7, 30, 30.5, 45.25, 90, 3650].map((days) => now - days * 86_400_000),
    ...Array.from({ length: 6 }, () => now - random() * 130 * 86_400_000),
  ].map((ms) => new Date(ms));
  for (const since of starts) {
    expect(await platformStats(db, since), `platform since ${since.toISOString()}`).toEqual(
      await platformStatsFromRows(db, since),
    );
    for (const granularity of ['day', 'week', 'month'] as const) {
      expect(
        await donationTrends(db, { since, granularity, donorId: null }),
        `trends ${granularity} since ${since.toISOString()}`,
      ).toEqual(await platformTrendsFromRows(db, { since, granularity }));
    }
    expect(
      await topCuisines(db, { since, limit: 5, donorId: null }),
      `cuisines since ${since.toISOString()}`,
    ).toEqual(await platformTopCuisinesFromRows(db, { since, limit: 5 }));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAsAdmin(t.app)).client;
  for (const role of ['restaurant', 'restaurant', 'individual'] as const) await join(role);
  for (const role of ['volunteer', 'volunteer', 'foodbank', 'foodbank', 'poultry'] as const)
    await join(role);
});
afterAll(async () => {
  await t?.close();
});

// Many random workflow runs against a real database: correctness, not speed, so a busy
// machine gets time.
const PROPERTY_TEST_TIMEOUT_MS = 180_000;

describe('platform statistics rollups', () => {
  it(
    'equal the raw-row figures after a random sequence of workflow actions',
    async () => {
      const done: Record<string, number> = {};
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 40; i++) {
          const action = await act();
          done[action] = (done[action] ?? 0) + 1;
        }
        await expectRollupsExact();
      }
      // The sequence really moved food through the workflow (not only refused actions).
      const [counts] = await rows<{ completed: number; fulfilled: number; deleted: number }>(sql`
      select (select count(*) from donations where status = 'completed')::int as completed,
             (select count(*) from requests where status = 'fulfilled')::int as fulfilled,
             (select count(*) from donations where deleted_at is not null)::int as deleted`);
      expect(counts!.completed, JSON.stringify(done)).toBeGreaterThan(0);
      expect(counts!.fulfilled).toBeGreaterThan(0);
      expect(counts!.deleted).toBeGreaterThan(0);
      const stats = await platformStats(t.database.db, new Date(Date.now() - 3650 * 86_400_000));
      expect(stats.totalCompletedDonations).toBe(counts!.completed);
      // Some completed donations were weighed or counted, and the rollup says how many.
      const [measured] = await rows<{ n: number }>(sql`
      select count(*)::int as n from donations where status = 'completed' and impact_basis <> 'estimate'`);
      expect(measured!.n, JSON.stringify(done)).toBeGreaterThan(0);
      expect(stats.totalMeasuredDonations).toBe(measured!.n);
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it('stays exact when many donations are posted and collected at once', async () => {
    // Fresh accounts: the random sequence may have suspended earlier ones.
    const donors = [await join('restaurant'), await join('restaurant'), await join('individual')];
    const volunteers = [await join('volunteer'), await join('volunteer'), await join('volunteer')];
    const foodbank = await join('foodbank');
    const posted = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients
          .get(donors[i % donors.length]!)!
          .post('/api/donations', donationInput({ cuisine: pick(CUISINES), quantity: 10 + i })),
      ),
    );
    expect(posted.map((p) => p.statusCode)).toEqual(posted.map(() => 201));
    const grabbed = await Promise.all(
      posted.map((p, i) =>
        clients
          .get(volunteers[i % volunteers.length]!)!
          .post(`/api/donations/${p.json().donation.id}/grab`),
      ),
    );
    expect(grabbed.map((g) => g.statusCode)).toEqual(grabbed.map(() => 201));
    const collected = await Promise.all(
      grabbed.map((g) => {
        const request = g.json().request as { id: string; donationId: string; volunteerId: string };
        return clients.get(request.volunteerId)!.post('/api/collections', {
          donationId: request.donationId,
          requestId: request.id,
          quality: 'good',
          destinationType: 'foodbank',
          destinationUserId: foodbank,
        });
      }),
    );
    expect(collected.map((c) => c.statusCode)).toEqual(collected.map(() => 201));
    await expectRollupsExact();
  });

  it('empties the rollups when donations are truncated', async () => {
    await t.database.db.execute(sql`truncate donations cascade`);
    const [left] = await rows<{ days: number; cuisines: number }>(sql`
      select (select count(*) from stats_daily)::int as days,
             (select count(*) from stats_daily_cuisines)::int as cuisines`);
    expect(left).toEqual({ days: 0, cuisines: 0 });
    await expectRollupsExact();
  });
});
