// Both engines: reads donation rows directly and runs the coverage job against the database.
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import type { CoverageSettings } from '../../config/env.js';
import { runCoverageOnce } from '../../jobs/coverage.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { donationInput, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

/** The form's preparation date and time for an instant `hoursAgo` back, on an Indian clock. */
function preparedHoursAgo(hoursAgo: number) {
  const local = DateTime.now()
    .minus({ milliseconds: hoursAgo * HOUR })
    .setZone('Asia/Kolkata')
    .startOf('minute');
  return {
    fields: { prepDate: local.toISODate()!, prepTime: local.toFormat('HH:mm') },
    at: local.toJSDate(),
  };
}

async function post(client: TestClient, overrides: Record<string, unknown>) {
  return client.post('/api/donations', donationInput(overrides));
}

async function donationCount(donorId: string) {
  const [row] = await query<{ n: number }>(
    sql`select count(*)::int as n from donations where donor_id = ${donorId}`,
  );
  return Number(row!.n);
}

describe('safe for people until', () => {
  it('is computed from the rule table for every holding kind', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const prepared = preparedHoursAgo(1);
    const cases = [
      { holding: 'hot', hours: 4 },
      { holding: 'chilled', hours: 24 },
      { holding: 'room', hours: 2 },
    ] as const;
    for (const { holding, hours } of cases) {
      const answer = await post(donor.client, { holding, expiryHours: 72, ...prepared.fields });
      expect(answer.statusCode, answer.body).toBe(201);
      const donation = answer.json().donation;
      expect(donation.holding).toBe(holding);
      expect(donation.safeUntil).toBe(new Date(prepared.at.getTime() + hours * HOUR).toISOString());
    }
    const useBy = new Date(Date.now() + 10 * HOUR);
    useBy.setUTCMilliseconds(0);
    const packaged = await post(donor.client, {
      holding: 'packaged',
      useBy: useBy.toISOString(),
      expiryHours: 24,
      allergens: ['milk', 'peanuts', 'milk'],
    });
    expect(packaged.statusCode, packaged.body).toBe(201);
    expect(packaged.json().donation).toMatchObject({
      holding: 'packaged',
      useBy: useBy.toISOString(),
      safeUntil: useBy.toISOString(),
      allergens: ['milk', 'peanuts'],
    });
  });

  it("never runs past the seed's expiry", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const chilled = await post(donor.client, {
      holding: 'chilled',
      expiryHours: 3,
      ...preparedHoursAgo(0).fields,
    });
    expect(chilled.statusCode, chilled.body).toBe(201);
    const donation = chilled.json().donation;
    expect(donation.safeUntil).toBe(donation.expiryTime);
    const packaged = await post(donor.client, {
      holding: 'packaged',
      useBy: new Date(Date.now() + 48 * HOUR).toISOString(),
      expiryHours: 6,
    });
    expect(packaged.json().donation.safeUntil).toBe(packaged.json().donation.expiryTime);
  });

  it('reads the preparation time on the clock the form names, else the profile’s', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const utc = DateTime.utc().minus({ hours: 1 }).startOf('minute');
    const answer = await post(donor.client, {
      holding: 'hot',
      expiryHours: 72,
      prepDate: utc.toISODate(),
      prepTime: utc.toFormat('HH:mm'),
      timeZone: 'UTC',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().donation.safeUntil).toBe(utc.plus({ hours: 4 }).toJSDate().toISOString());
    const bad = await post(donor.client, { holding: 'hot', timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'timeZone', code: 'TIME_ZONE_INVALID' });
  });

  it('stays empty for a donation that does not say how its food is kept', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const answer = await post(donor.client, {});
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().donation).toMatchObject({ holding: null, safeUntil: null, allergens: [] });
  });

  it.each([
    [{ holding: 'packaged' }, 'useBy', 'USE_BY_REQUIRED'],
    [
      { holding: 'hot', useBy: new Date(Date.now() + HOUR).toISOString() },
      'useBy',
      'USE_BY_NOT_ALLOWED',
    ],
    [{ holding: 'packaged', useBy: 'tomorrow' }, 'useBy', 'USE_BY_REQUIRED'],
    [
      { holding: 'packaged', useBy: new Date(Date.now() - HOUR).toISOString() },
      'useBy',
      'USE_BY_PAST',
    ],
    [{ holding: 'lukewarm' }, 'holding', 'INVALID_VALUE'],
    [{ holding: 'hot', allergens: ['gluten', 'mustard'] }, 'allergens.1', 'INVALID_VALUE'],
  ])('refuses %o with a coded 400 and posts nothing', async (overrides, field, code) => {
    const donor = await signUp(t.app, 'restaurant');
    const answer = await post(donor.client, overrides);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().details).toContainEqual(expect.objectContaining({ field, code }));
    expect(await donationCount(donor.user.id)).toBe(0);
  });
});

describe('collecting food past its safe-by time', () => {
  async function grabbedFood(overrides: Record<string, unknown>) {
    const donor = await signUp(t.app, 'restaurant');
    const answer = await post(donor.client, overrides);
    expect(answer.statusCode, answer.body).toBe(201);
    const donation = answer.json().donation as { id: string; safeUntil: string | null };
    const volunteer = await signUp(t.app, 'volunteer');
    const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    expect(grab.statusCode, grab.body).toBe(201);
    return { donation, volunteer, requestId: grab.json().request.id as string };
  }

  it('refuses a good-quality collection to a food bank, changing nothing, and allows it as unfit', async () => {
    // Kept at room temperature, cooked 2 h 10 min ago: past the 2-hour rule.
    const { donation, volunteer, requestId } = await grabbedFood({
      holding: 'room',
      ...preparedHoursAgo(2 + 1 / 6).fields,
    });
    expect(Date.parse(donation.safeUntil!)).toBeLessThan(Date.now());
    const bank = await signUp(t.app, 'foodbank');
    const good = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(good.statusCode, good.body).toBe(409);
    expect(good.json().code).toBe('FOOD_PAST_SAFE_BY');
    const [before] = await query<{ status: string; collections: number }>(
      sql`select d.status, (select count(*)::int from collections c where c.donation_id = d.id) as collections
          from donations d where d.id = ${donation.id}`,
    );
    expect(before).toEqual({ status: 'accepted', collections: 0 });

    const farm = await signUp(t.app, 'poultry');
    const unfit = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId,
      quality: 'bad',
      destinationType: 'poultry',
      destinationUserId: farm.user.id,
    });
    expect(unfit.statusCode, unfit.body).toBe(201);
    const [after] = await query<{ status: string }>(
      sql`select status from donations where id = ${donation.id}`,
    );
    expect(after!.status).toBe('rejected');
  });

  it('lets good food within its safe-by time go to a food bank', async () => {
    const { donation, volunteer, requestId } = await grabbedFood({
      holding: 'hot',
      ...preparedHoursAgo(1).fields,
    });
    const bank = await signUp(t.app, 'foodbank');
    const good = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(good.statusCode, good.body).toBe(201);
  });
});

describe('coverage alerts and the safe-by time', () => {
  const settings: CoverageSettings = {
    alertPoints: [0.3, 0.6],
    donorPoint: 0.8,
    radiiKm: [5, 10, 20],
    dailyBudget: 5,
    maxPerRound: 20,
  };

  async function alertsFor(donationId: string) {
    const [row] = await query<{ n: number }>(
      sql`select count(*)::int as n from coverage_alerts where donation_id = ${donationId}`,
    );
    return Number(row!.n);
  }

  it('stops offering food to volunteers once it is past its safe-by time', async () => {
    const c = { lat: 40.5, lng: 77 };
    const donor = await signUp(t.app, 'restaurant', { coordinates: c });
    // No availability set: free at any hour.
    await signUp(t.app, 'volunteer', { coordinates: c });

    // Both live 6 hours; the first was cooked 3 hours ago and is safe for one more hour only.
    const late = await post(donor.client, {
      holding: 'hot',
      expiryHours: 6,
      pickupCoordinates: c,
      ...preparedHoursAgo(3).fields,
    });
    const fresh = await post(donor.client, {
      holding: 'hot',
      expiryHours: 6,
      pickupCoordinates: c,
      foodType: 'Fresh pulao',
      ...preparedHoursAgo(0).fields,
    });
    const lateId = late.json().donation.id as string;
    const freshId = fresh.json().donation.id as string;
    await t.database.db.execute(
      sql`update donations set escalate_at = now() where id in (${lateId}, ${freshId})`,
    );
    // 40% through their lives: 2.4 hours after posting, past the first one's safe-by time.
    const at = new Date(Date.now() + 2.4 * HOUR);
    await runCoverageOnce(t.database, settings, at);
    expect(await alertsFor(freshId)).toBe(1);
    expect(await alertsFor(lateId)).toBe(0);
  });
});
