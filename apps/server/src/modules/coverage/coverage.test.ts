// Both engines: escalation rounds claimed once by concurrent workers.
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf, type Database } from '../../db/client.js';
import type { CoverageSettings } from '../../config/env.js';
import { runCoverageOnce } from '../../jobs/coverage.js';
import { availableAt } from './coverage.service.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import { startPushService } from '../../test/push-service.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
let second: Database;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({}, { pushAgent: push.agent });
  // A second instance's connection pool on PostgreSQL; PGlite serves one process.
  second =
    t.database.kind === 'postgres'
      ? await openPostgres(t.database.url!, { poolMax: 3 })
      : t.database;
});
afterAll(async () => {
  if (second && second !== t.database) await second.close();
  await t?.close();
  await push?.close();
});

const settings: CoverageSettings = {
  alertPoints: [0.3, 0.6],
  donorPoint: 0.8,
  radiiKm: [5, 10, 20],
  dailyBudget: 2,
  maxPerRound: 20,
};

// Each test works around its own pickup point, far from the others'.
let nextCentre = 0;
function centre() {
  nextCentre += 1;
  return { lat: 12 + nextCentre, lng: 77 };
}
/** A point `km` north of `c`. */
const north = (c: { lat: number; lng: number }, km: number) => ({
  lat: c.lat + km / 111.2,
  lng: c.lng,
});

const ALL_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

async function volunteer(
  at: { lat: number; lng: number },
  availability: Record<string, unknown> | null = {},
) {
  const v = await signUp(t.app, 'volunteer', { coordinates: at });
  if (availability) {
    const saved = await v.client.put('/api/availability', {
      weekdays: ALL_DAYS,
      fromTime: '00:00',
      toTime: '23:59',
      home: at,
      radiusKm: 25,
      ...availability,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return v;
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

async function donationTimes(id: string) {
  const [row] = await query<{ created_at: string; expiry_time: string }>(
    sql`select created_at, expiry_time from donations where id = ${id}`,
  );
  const created = new Date(row!.created_at).getTime();
  const life = new Date(row!.expiry_time).getTime() - created;
  return (fraction: number) => new Date(created + fraction * life);
}

/** Runs the job as two instances at the same moment. */
async function runBoth(now: Date) {
  await Promise.all([
    runCoverageOnce(t.database, settings, now),
    runCoverageOnce(second, settings, now),
  ]);
}

async function alertedFor(donationId: string) {
  const rows = await query<{ volunteer_id: string; round: number }>(
    sql`select volunteer_id, round from coverage_alerts where donation_id = ${donationId} order by round, created_at`,
  );
  return rows.map((r) => [r.volunteer_id, Number(r.round)]);
}

async function coverageEvents(donationId: string) {
  return query<{ action: string; data: Record<string, unknown> }>(
    sql`select action, data from events where entity_id = ${donationId} and action like 'donation.coverage%' order by id`,
  );
}

/** A time zone whose wall clock is between 01:00 and 15:00 now, so today lasts the whole test. */
function zoneWithLongDayLeft() {
  return ['Asia/Kolkata', 'UTC', 'America/New_York', 'Asia/Tokyo', 'America/Los_Angeles'].find(
    (zone) => {
      const hour = DateTime.now().setZone(zone).hour;
      return hour >= 1 && hour < 15;
    },
  )!;
}

describe('coverage escalation', () => {
  it('alerts the right volunteers in the right order, once each, then tells the donor at 80%', async () => {
    const c = centre();
    const donor = await signUp(t.app, 'restaurant', { language: 'hi', coordinates: c });
    const donorBrowser = await push.subscribe(donor.client);
    const near = await volunteer(north(c, 2));
    const nearBrowser = await push.subscribe(near.client);
    const notToday = await volunteer(north(c, 3), { weekdays: [] });
    const quiet = await volunteer(north(c, 4));
    const noAvailabilitySet = await volunteer(north(c, 8), null);
    const far = await volunteer(north(c, 15));
    const outsideOwnRadius = await volunteer(north(c, 6), { radiusKm: 5 });
    const overBudget = await volunteer(north(c, 3.5));
    const capped = await volunteer(north(c, 1), {
      maxPickupsPerDay: 1,
      timeZone: zoneWithLongDayLeft(),
    });

    // The capped volunteer already took one pickup today; the over-budget one had two alerts.
    const other = await postDonation(donor.client, { pickupCoordinates: north(c, 1) });
    expect((await capped.client.post(`/api/donations/${other.id}/grab`)).statusCode).toBe(201);
    for (const foodType of ['Idli', 'Upma']) {
      const earlier = await postDonation(donor.client, { foodType, pickupCoordinates: c });
      await t.database.db.execute(
        sql`insert into coverage_alerts (donation_id, volunteer_id, round) values (${earlier.id}, ${overBudget.user.id}, 1)`,
      );
      await t.database.db.execute(
        sql`update donations set escalate_at = null where id = ${earlier.id}`,
      );
    }

    const donation = await postDonation(donor.client, {
      foodType: 'Rajma chawal',
      expiryHours: 4,
      pickupCoordinates: c,
    });
    const at = await donationTimes(donation.id);

    // Quiet hours (in the volunteer's zone) cover the first alert point only.
    const zone = 'Asia/Kolkata';
    const local = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
    const saved = await quiet.client.put('/api/notifications/preferences', {
      quietHours: { from: local(at(0.25)), to: local(at(0.45)) },
      timeZone: zone,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Before the first point nothing happens.
    await runBoth(at(0.1));
    expect(await alertedFor(donation.id)).toEqual([]);

    // 30%: within 5 km, only the nearby volunteer who is free, awake, in budget and under cap.
    await runBoth(at(0.3));
    await runBoth(at(0.31));
    expect(await alertedFor(donation.id)).toEqual([[near.user.id, 1]]);
    await t.app.push.drain();
    expect(nearBrowser.inbox()).toEqual([
      expect.objectContaining({
        type: 'coverage_alert',
        title: 'Food nearby needs a volunteer',
        lang: 'en',
        url: `/donations?focus=${donation.id}`,
      }),
    ]);
    expect(nearBrowser.inbox()[0]!.body).toContain('Rajma chawal');

    // 60%: widened to 10 km, nearest first; nobody alerted twice.
    await runBoth(at(0.6));
    await runBoth(at(0.65));
    expect(await alertedFor(donation.id)).toEqual([
      [near.user.id, 1],
      [quiet.user.id, 2],
      [noAvailabilitySet.user.id, 2],
    ]);
    const notAlerted = [notToday, far, outsideOwnRadius, overBudget, capped].map((v) => v.user.id);
    for (const id of notAlerted) {
      expect((await alertedFor(donation.id)).map(([v]) => v)).not.toContain(id);
    }

    // 80%: the donor is told, in Hindi, through the real Web Push round trip; once.
    expect(donorBrowser.inbox().filter((p) => p.type === 'coverage_unclaimed')).toEqual([]);
    await runBoth(at(0.8));
    await runBoth(at(0.9));
    await t.app.push.drain();
    const told = donorBrowser.inbox().filter((p) => p.type === 'coverage_unclaimed');
    expect(told).toEqual([
      expect.objectContaining({
        title: 'अभी तक किसी ने नहीं लिया',
        lang: 'hi',
        url: `/donations?focus=${donation.id}`,
      }),
    ]);
    expect(told[0]!.body).toContain('Rajma chawal');
    expect(await alertedFor(donation.id)).toHaveLength(3);

    // Every step is in the event log.
    const steps = await coverageEvents(donation.id);
    expect(steps.map((e) => [e.action, e.data.round ?? null, e.data.radiusKm ?? null])).toEqual([
      ['donation.coverage_alerted', 1, 5],
      ['donation.coverage_alerted', 2, 10],
      ['donation.coverage_donor_told', null, null],
    ]);
    expect(steps[1]!.data.volunteerIds).toEqual([quiet.user.id, noAvailabilitySet.user.id]);
  });

  it('widens to the next radius within a round when nobody is free nearer', async () => {
    const c = centre();
    const donor = await signUp(t.app, 'mess', { coordinates: c });
    const far = await volunteer(north(c, 15));
    const donation = await postDonation(donor.client, { expiryHours: 4, pickupCoordinates: c });
    const at = await donationTimes(donation.id);
    await runBoth(at(0.3));
    expect(await alertedFor(donation.id)).toEqual([[far.user.id, 1]]);
    const [step] = await coverageEvents(donation.id);
    expect(step!.data).toMatchObject({ round: 1, radiusKm: 20, volunteers: 1 });
  });

  it('stops when a volunteer grabs the food and starts again at once when they release it', async () => {
    const c = centre();
    const donor = await signUp(t.app, 'restaurant', { coordinates: c });
    const first = await volunteer(north(c, 1));
    const second = await volunteer(north(c, 7));
    const donation = await postDonation(donor.client, { expiryHours: 6, pickupCoordinates: c });
    const at = await donationTimes(donation.id);

    await runBoth(at(0.3));
    expect(await alertedFor(donation.id)).toEqual([[first.user.id, 1]]);
    expect((await first.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(201);

    // Grabbed: the later points do nothing, the donor is not told.
    await runBoth(at(0.6));
    await runBoth(at(0.8));
    expect(await alertedFor(donation.id)).toEqual([[first.user.id, 1]]);
    expect(await coverageEvents(donation.id)).toHaveLength(1);

    // Released: the next round runs on the next pass, not at the next point, wider, without
    // the volunteer who gave it back.
    const released = await first.client.post(`/api/donations/${donation.id}/release`, {});
    expect(released.statusCode, released.body).toBe(204);
    await runBoth(new Date());
    expect(await alertedFor(donation.id)).toEqual([
      [first.user.id, 1],
      [second.user.id, 2],
    ]);
  });

  it('lets only the donor extend the expiry, with coded errors, and restarts the time line', async () => {
    const c = centre();
    const donor = await signUp(t.app, 'restaurant', { coordinates: c });
    const stranger = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client, { expiryHours: 4, pickupCoordinates: c });
    const at = await donationTimes(donation.id);
    await runBoth(at(0.85));
    expect((await coverageEvents(donation.id)).map((e) => e.action)).toEqual([
      'donation.coverage_donor_told',
    ]);

    const url = `/api/donations/${donation.id}/extend`;
    for (const [body, code] of [
      [{ hours: 0 }, 'EXPIRY_EXTENSION_INVALID'],
      [{ hours: 25 }, 'EXPIRY_EXTENSION_INVALID'],
      [{ hours: 1.5 }, 'EXPIRY_EXTENSION_INVALID'],
      [{}, 'EXPIRY_EXTENSION_INVALID'],
    ] as const) {
      const refused = await donor.client.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe(code);
    }
    expect((await stranger.client.post(url, { hours: 2 })).statusCode).toBe(403);
    expect((await new TestClient(t.app).post(url, { hours: 2 })).statusCode).toBe(401);
    const volunteerClient = (await signUp(t.app, 'volunteer')).client;
    expect((await volunteerClient.post(url, { hours: 2 })).statusCode).toBe(403);

    const extended = await donor.client.post(url, { hours: 4 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(new Date(extended.json().donation.expiryTime).getTime()).toBe(
      at(1).getTime() + 4 * 3600_000,
    );
    // 4 + 4 + 24 + 24 = 56 hours after posting is allowed; 24 more would pass 72.
    for (let i = 0; i < 2; i += 1) {
      expect((await donor.client.post(url, { hours: 24 })).statusCode).toBe(200);
    }
    const tooLong = await donor.client.post(url, { hours: 24 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('EXPIRY_EXTENSION_INVALID');
    const [event] = await query<{ action: string; actor_id: string }>(
      sql`select action, actor_id from events where entity_id = ${donation.id} and action = 'donation.expiry_extended' order by id limit 1`,
    );
    expect(event).toEqual({ action: 'donation.expiry_extended', actor_id: donor.user.id });
  });

  it('lets the donor deliver it themselves: off the volunteer feed and out of escalation', async () => {
    const c = centre();
    const donor = await signUp(t.app, 'restaurant', { coordinates: c });
    const stranger = await signUp(t.app, 'restaurant');
    const bank = await signUp(t.app, 'foodbank');
    const nursery = await signUp(t.app, 'nursery');
    const donation = await postDonation(donor.client, { expiryHours: 4, pickupCoordinates: c });
    const asked = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(asked.statusCode).toBe(201);

    const url = `/api/donations/${donation.id}/self-delivery`;
    const body = { destinationType: 'nursery', destinationUserId: nursery.user.id };
    expect((await stranger.client.post(url, body)).statusCode).toBe(403);
    const wrongRole = await donor.client.post(url, { ...body, destinationType: 'foodbank' });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().code).toBe('DESTINATION_ROLE_MISMATCH');
    const missing = await donor.client.post(url, { destinationType: 'nursery' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('DESTINATION_REQUIRED');

    const done = await donor.client.post(url, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().donation).toMatchObject({ deliveryMethod: 'self', status: 'accepted' });
    expect(done.json().request).toMatchObject({ status: 'accepted', isSelfDelivery: true });
    const again = await donor.client.post(url, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');

    const [row] = await query<{ escalate_at: string | null }>(
      sql`select escalate_at from donations where id = ${donation.id}`,
    );
    expect(row!.escalate_at).toBeNull();
    const [bankRequest] = await query<{ status: string }>(
      sql`select status from requests where id = ${asked.json().request.id}`,
    );
    expect(bankRequest!.status).toBe('cancelled');
    const feed = await (
      await volunteer(north(c, 1))
    ).client.get('/api/donations/available?limit=100');
    expect(feed.json().items.map((d: { id: string }) => d.id)).not.toContain(donation.id);
  });
});

describe("a volunteer's hours", () => {
  const hours = (fromTime: string, toTime: string) => ({
    weekdays: [...ALL_DAYS] as Parameters<typeof availableAt>[0]['weekdays'],
    fromTime,
    toTime,
    availabilityZone: 'Asia/Kolkata',
  });
  // 23:59:30 in India (UTC+5:30).
  const lastMinute = new Date('2026-11-29T18:29:30Z');

  it('reads "until 23:59" as the whole evening, its last minute included', () => {
    expect(availableAt(hours('00:00', '23:59'), lastMinute)).toBe(true);
    expect(availableAt(hours('18:00', '23:59'), lastMinute)).toBe(true);
  });

  it('ends other hours at their own minute', () => {
    expect(availableAt(hours('09:00', '18:00'), new Date('2026-11-29T12:29:00Z'))).toBe(true);
    expect(availableAt(hours('09:00', '18:00'), new Date('2026-11-29T12:30:00Z'))).toBe(false);
    expect(availableAt(hours('00:00', '23:58'), lastMinute)).toBe(false);
  });
});
