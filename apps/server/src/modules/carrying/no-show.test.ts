// Both engines: the automatic release racing a collection and a voluntary release, row locks.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.js';
import type { CoverageSettings } from '../../config/env.js';
import { runCoverageOnce } from '../../jobs/coverage.js';
import { runNoShowsOnce } from '../../jobs/no-shows.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signInAsAdmin, signUp } from '../../test/factories.js';
import { workflowFixtures } from '../requests/workflow.fixtures.js';

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance's connection pool on PostgreSQL; PGlite serves one process.
  second =
    t.database.kind === 'postgres'
      ? await openPostgres(t.database.url!, { poolMax: 3 })
      : t.database;
});
afterAll(async () => {
  if (second && second !== t.database) await second.close();
  await t?.close();
});

const { query, me, noticesOf, donationReady } = workflowFixtures(() => t);

/** A volunteer (in `language`) holding a freshly grabbed donation, and the grab's clock. */
async function held(language: 'en' | 'hi' = 'en') {
  const { donor, donation } = await donationReady();
  const volunteer = await signUp(t.app, 'volunteer', { language });
  const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  const [clock] = await query<{ collect_by: string; no_show_check_at: string }>(
    sql`select collect_by, no_show_check_at from donations where id = ${donation.id}`,
  );
  const collectBy = new Date(clock!.collect_by);
  const remindAt = new Date(clock!.no_show_check_at);
  const request = grab.json().request as { id: string };
  return { donor, donation, volunteer, request, collectBy, remindAt };
}

async function donationRow(id: string) {
  const [row] = await query<{ status: string; volunteer_id: string | null; realert: boolean }>(
    sql`select status, volunteer_id, realert from donations where id = ${id}`,
  );
  return row!;
}

const after = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

describe('the no-show job', () => {
  it('reminds the volunteer once, in their language, before the deadline', async () => {
    const { donation, volunteer, collectBy, remindAt } = await held('hi');
    expect(remindAt.getTime()).toBeLessThan(collectBy.getTime());
    await runNoShowsOnce(t.database, after(remindAt, -1));
    expect(await noticesOf(volunteer.user.id, 'pickup_reminder')).toHaveLength(0);
    await Promise.all([
      runNoShowsOnce(t.database, after(remindAt, 1)),
      runNoShowsOnce(second, after(remindAt, 1)),
    ]);
    await runNoShowsOnce(t.database, after(remindAt, 60));
    const [notice, ...more] = await query<{ data: Record<string, string> }>(
      sql`select data from notifications where user_id = ${volunteer.user.id} and type = 'pickup_reminder'`,
    );
    expect(more).toHaveLength(0);
    expect(notice!.data.donationId).toBe(donation.id);
    // Written in the reader's language when read.
    const [shown] = (await volunteer.client.get('/api/notifications')).json().items as Array<{
      type: string;
      title: string;
    }>;
    expect(shown).toMatchObject({ type: 'pickup_reminder', title: 'पिकअप का समय' });
    // Still held: a reminder is not a release.
    expect((await donationRow(donation.id)).volunteer_id).toBe(volunteer.user.id);
    expect((await me(volunteer.client)).noShows).toBe(0);
  });

  it('releases at the deadline as a release does, counts one no-show, and restarts coverage', async () => {
    const { donor, donation, volunteer, request, collectBy } = await held();
    await runNoShowsOnce(t.database, after(collectBy, -1));
    expect((await donationRow(donation.id)).volunteer_id).toBe(volunteer.user.id);
    // Two instances and a replay at the deadline: one release, one no-show.
    await Promise.all([
      runNoShowsOnce(t.database, after(collectBy, 1)),
      runNoShowsOnce(second, after(collectBy, 1)),
    ]);
    await runNoShowsOnce(t.database, after(collectBy, 120));
    expect(await donationRow(donation.id)).toEqual({
      status: 'pending',
      volunteer_id: null,
      realert: true,
    });
    const [own] = await query<{ status: string }>(
      sql`select status from requests where id = ${request.id}`,
    );
    expect(own!.status).toBe('cancelled');
    expect((await me(volunteer.client)).noShows).toBe(1);
    expect(await noticesOf(volunteer.user.id, 'pickup_released')).toHaveLength(1);
    expect(await noticesOf(donor.user.id, 'donation_released')).toHaveLength(1);
    const events = await query<{ action: string; data: Record<string, unknown> }>(
      sql`select action, data from events where entity_id = ${donation.id} and action in ('donation.no_show', 'donation.volunteer_released') order by id`,
    );
    expect(events.map((e) => e.action)).toEqual([
      'donation.volunteer_released',
      'donation.no_show',
    ]);
    expect(events[1]!.data.volunteerId).toBe(volunteer.user.id);
    // Back on offer: another volunteer can grab it.
    const other = await signUp(t.app, 'volunteer');
    expect((await other.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(201);
  });

  it('does not count a volunteer who released in time, or one who collected', async () => {
    const gaveBack = await held();
    const released = await gaveBack.volunteer.client.post(
      `/api/donations/${gaveBack.donation.id}/release`,
      {},
    );
    expect(released.statusCode, released.body).toBeLessThan(300);
    const took = await held();
    const bank = await signUp(t.app, 'foodbank');
    const collected = await took.volunteer.client.post('/api/collections', {
      donationId: took.donation.id,
      requestId: took.request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(collected.statusCode, collected.body).toBe(201);
    await runNoShowsOnce(t.database, after(took.collectBy, 3600));
    for (const { volunteer } of [gaveBack, took]) {
      expect((await me(volunteer.client)).noShows).toBe(0);
      expect(await noticesOf(volunteer.user.id, 'pickup_released')).toHaveLength(0);
    }
    const [row] = await query<{ n: number }>(
      sql`select count(*)::int as n from donations where id in (${gaveBack.donation.id}, ${took.donation.id}) and no_show_check_at is not null`,
    );
    expect(row!.n).toBe(0);
  });

  it('gives a collection racing the deadline exactly one outcome, many times over', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const outcomes = { collected: 0, released: 0 };
    for (let i = 0; i < 8; i += 1) {
      const { donation, volunteer, request, collectBy } = await held();
      const [collect] = await Promise.all([
        volunteer.client.post('/api/collections', {
          donationId: donation.id,
          requestId: request.id,
          quality: 'good',
          destinationType: 'foodbank',
          destinationUserId: bank.user.id,
        }),
        runNoShowsOnce(i % 2 ? second : t.database, after(collectBy, 1)),
      ]);
      const row = await donationRow(donation.id);
      const noShows = (await me(volunteer.client)).noShows;
      if (collect.statusCode === 201) {
        outcomes.collected += 1;
        expect(row.status).toBe('completed');
        expect(noShows).toBe(0);
      } else {
        outcomes.released += 1;
        expect(collect.statusCode, collect.body).toBeGreaterThanOrEqual(400);
        expect(row).toMatchObject({ status: 'pending', volunteer_id: null });
        expect(noShows).toBe(1);
      }
      // A replay changes nothing.
      await runNoShowsOnce(t.database, after(collectBy, 60));
      expect((await me(volunteer.client)).noShows).toBe(noShows);
    }
    expect(outcomes.collected + outcomes.released).toBe(8);
  });

  it('gives a voluntary release racing the deadline exactly one outcome', async () => {
    for (let i = 0; i < 6; i += 1) {
      const { donation, volunteer, collectBy } = await held();
      const [release] = await Promise.all([
        volunteer.client.post(`/api/donations/${donation.id}/release`, {}),
        runNoShowsOnce(i % 2 ? second : t.database, after(collectBy, 1)),
      ]);
      const noShows = (await me(volunteer.client)).noShows;
      expect(noShows).toBe(release.statusCode < 300 ? 0 : 1);
      const events = await query<{ n: number }>(
        sql`select count(*)::int as n from events where entity_id = ${donation.id} and action = 'donation.volunteer_released'`,
      );
      expect(events[0]!.n).toBe(1);
      expect((await donationRow(donation.id)).volunteer_id).toBeNull();
    }
  });
});

describe('the deadline on the lists', () => {
  it('shows the holding volunteer when the pickup is given back, and nobody else', async () => {
    const { donor, volunteer, request, collectBy } = await held();
    const mine = (await volunteer.client.get('/api/requests?filter=active')).json().items;
    expect(mine.find((r: { id: string }) => r.id === request.id).collectBy).toBe(
      collectBy.toISOString(),
    );
    const admin = await signInAsAdmin(t.app);
    for (const other of [donor, admin]) {
      const items = (await other.client.get('/api/requests?filter=all')).json().items;
      const seen = items.find((r: { id: string }) => r.id === request.id);
      expect(seen.collectBy).toBeNull();
    }
  });
});

describe('coverage order', () => {
  const settings = (maxPerRound: number): CoverageSettings => ({
    alertPoints: [0.3, 0.6],
    donorPoint: 0.8,
    radiiKm: [5, 10, 20],
    dailyBudget: 10,
    maxPerRound,
  });

  it('alerts repeat no-shows after everyone else and cuts them first; one no-show is forgiven', async () => {
    const centre = { lat: 30.5, lng: 75.5 };
    const at = (km: number) => ({ lat: centre.lat + km / 111.2, lng: centre.lng });
    const repeat = await signUp(t.app, 'volunteer', { coordinates: at(1) });
    const once = await signUp(t.app, 'volunteer', { coordinates: at(2) });
    const clean = await signUp(t.app, 'volunteer', { coordinates: at(3) });
    await t.database.db.execute(sql`update users set no_shows = 2 where id = ${repeat.user.id}`);
    await t.database.db.execute(sql`update users set no_shows = 1 where id = ${once.user.id}`);
    const donor = await signUp(t.app, 'restaurant', { coordinates: centre });

    async function alerted(maxPerRound: number, foodType: string) {
      const donation = await postDonation(donor.client, { foodType, pickupCoordinates: centre });
      const [row] = await query<{ created_at: string; expiry_time: string }>(
        sql`select created_at, expiry_time from donations where id = ${donation.id}`,
      );
      const created = new Date(row!.created_at).getTime();
      const life = new Date(row!.expiry_time).getTime() - created;
      await runCoverageOnce(t.database, settings(maxPerRound), new Date(created + 0.31 * life));
      const [event] = await query<{ data: { volunteerIds: string[] } }>(
        sql`select data from events where entity_id = ${donation.id} and action = 'donation.coverage_alerted'`,
      );
      return event!.data.volunteerIds;
    }
    // Nearest first, except the volunteer with two no-shows, who comes last though nearest.
    expect(await alerted(3, 'Poha')).toEqual([once.user.id, clean.user.id, repeat.user.id]);
    // With room for two, the repeat no-show is the one left out.
    expect(await alerted(2, 'Khichdi')).toEqual([once.user.id, clean.user.id]);
  });
});

describe('who reads the no-show count', () => {
  it('is on the volunteer’s own profile and in the admin console, and nowhere for others', async () => {
    const { volunteer, collectBy } = await held();
    await runNoShowsOnce(t.database, after(collectBy, 1));
    expect((await me(volunteer.client)).noShows).toBe(1);
    const admin = await signInAsAdmin(t.app);
    const list = await admin.client.get(
      `/api/admin/users?role=volunteer&search=${encodeURIComponent(volunteer.user.email)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().items.find((u: { id: string }) => u.id === volunteer.user.id);
    expect(item.noShows).toBe(1);
    const donor = await signUp(t.app, 'restaurant');
    const refused = await donor.client.get('/api/admin/users?role=volunteer');
    expect(refused.statusCode).toBe(403);
    // Anyone else's profile carries only their own count, never a volunteer's.
    expect((await donor.client.get('/api/me')).json().user.noShows).toBe(0);
  });
});
