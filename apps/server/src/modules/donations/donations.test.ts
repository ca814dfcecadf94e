// Both engines: the feed's and the expiry job's SQL.
import { sql } from 'drizzle-orm';
import {
  approximatePoint,
  haversineKm,
  roundApproximateDistanceKm,
  toE164,
} from '@annasetu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Points around Bengaluru: MG Road, ~4 km away, ~25 km away.
const MG_ROAD = { lat: 12.9756, lng: 77.6066 };
const FOUR_KM = { lat: 13.0116, lng: 77.6066 };
const FAR = { lat: 13.2, lng: 77.7 };

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}

async function countDonations(): Promise<number> {
  return (await query<{ n: number }>(sql`select count(*)::int as n from donations`))[0]!.n;
}

describe('POST /api/donations', () => {
  it('posts with the seed defaults and a snapshot of the donor', async () => {
    const donor = await signUp(t.app, 'restaurant', { coordinates: MG_ROAD });
    const before = Date.now();
    const response = await donor.client.post('/api/donations', donationInput());
    expect(response.statusCode).toBe(201);
    const { donation, request } = response.json();
    expect(request).toBeNull();
    expect(donation).toMatchObject({
      status: 'pending',
      unit: 'meals',
      expiryHours: 6,
      isExpired: false,
      totalRequests: 0,
      donorId: donor.user.id,
      donorName: donor.body.organizationName,
      donorEmail: donor.body.email,
      donorPhone: toE164(donor.body.phone),
      pickupAddress: donor.body.address,
      pickupCoordinates: MG_ROAD,
      prepTime: '12:30',
      volunteerId: null,
    });
    const expiry = new Date(donation.expiryTime).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 6 * 3_600_000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000 + 1000);
    expect((await donor.client.get('/api/me')).json().user.totalDonations).toBe(1);
  });

  it('uses the pickup point and address the donor moved it to', async () => {
    const donor = await signUp(t.app, 'mess');
    const donation = await postDonation(donor.client, {
      pickupAddress: 'Gate 2, Hostel Block C',
      pickupCoordinates: FOUR_KM,
      unit: 'kg',
      quantity: 12.5,
      expiryHours: 3,
    });
    expect(donation).toMatchObject({
      pickupAddress: 'Gate 2, Hostel Block C',
      pickupCoordinates: FOUR_KM,
      unit: 'kg',
      quantity: 12.5,
    });
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'QUANTITY_INVALID'],
    ['a negative expiry', { expiryHours: -2 }, 'EXPIRY_HOURS_INVALID'],
    ['an unknown unit', { unit: 'buckets' }, 'INVALID_VALUE'],
    ['half a meal', { quantity: 2.5, unit: 'meals' }, 'QUANTITY_NOT_WHOLE'],
    [
      'a pickup point off the globe',
      { pickupCoordinates: { lat: 12, lng: 181 } },
      'COORDINATES_INVALID',
    ],
    ['no cuisine', { cuisine: '' }, 'REQUIRED_FIELDS_MISSING'],
    ['no food items', { foodType: undefined }, 'REQUIRED_FIELDS_MISSING'],
    ['no veg type', { vegType: undefined }, 'REQUIRED_FIELDS_MISSING'],
    ['a bad preparation date', { prepDate: '2026-02-30' }, 'PREP_DATE_INVALID'],
    ['self delivery without a destination', { deliveryMethod: 'self' }, 'DESTINATION_REQUIRED'],
    ['markup in the notes', { notes: '<iframe src=x>' }, 'TEXT_MARKUP_NOT_ALLOWED'],
    ['an unknown field', { status: 'completed' }, 'UNKNOWN_FIELD'],
  ])('refuses %s and creates nothing', async (_label, patch, code) => {
    const donor = await signUp(t.app, 'restaurant');
    const before = await countDonations();
    const response = await donor.client.post('/api/donations', donationInput(patch));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect([body.code, ...(body.details ?? []).map((d: { code: string }) => d.code)]).toContain(
      code,
    );
    expect(await countDonations()).toBe(before);
  });

  it.each(['foodbank', 'nursery', 'poultry', 'volunteer'] as const)(
    'refuses a %s posting a donation',
    async (role) => {
      const user = await signUp(t.app, role);
      const before = await countDonations();
      const response = await user.client.post('/api/donations', donationInput());
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
      expect(await countDonations()).toBe(before);
    },
  );
});

describe('self delivery', () => {
  it('creates the already-accepted request to the destination and tells the destination', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bank = await signUp(t.app, 'foodbank');
    const response = await donor.client.post(
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'foodbank',
        destinationUserId: bank.user.id,
      }),
    );
    expect(response.statusCode).toBe(201);
    const { donation, request } = response.json();
    expect(donation).toMatchObject({
      status: 'accepted',
      totalRequests: 1,
      acceptedRequests: 1,
      deliveryMethod: 'self',
    });
    expect(request).toMatchObject({
      status: 'accepted',
      donationId: donation.id,
      destinationUserId: bank.user.id,
      destinationType: 'foodbank',
      destinationName: bank.body.organizationName,
      destinationEmail: bank.body.email,
      destinationPhone: toE164(bank.body.phone),
      destinationAddress: bank.body.address,
      isVolunteerRequest: false,
    });
    const notices = await query<{ type: string }>(
      sql`select type from notifications where user_id = ${bank.user.id}`,
    );
    expect(notices).toEqual([{ type: 'incoming_delivery' }]);
  });

  it('refuses a destination whose role is not the destination type, creating nothing', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const nursery = await signUp(t.app, 'nursery');
    const before = await countDonations();
    const response = await donor.client.post(
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'foodbank',
        destinationUserId: nursery.user.id,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('DESTINATION_ROLE_MISMATCH');
    expect(await countDonations()).toBe(before);
  });
});

describe('GET /api/donations/mine', () => {
  it("lists only the donor's own donations, newest first, page by page", async () => {
    const donor = await signUp(t.app, 'individual');
    const other = await signUp(t.app, 'restaurant');
    await postDonation(other.client);
    const posted = [];
    for (let i = 0; i < 5; i++)
      posted.push(await postDonation(donor.client, { foodType: `Batch ${i}` }));
    const first = await donor.client.get('/api/donations/mine?limit=3');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((d: { foodType: string }) => d.foodType)).toEqual([
      'Batch 4',
      'Batch 3',
      'Batch 2',
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await donor.client.get(`/api/donations/mine?limit=3&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items.map((d: { foodType: string }) => d.foodType)).toEqual([
      'Batch 1',
      'Batch 0',
    ]);
    expect(page2.nextCursor).toBeNull();
  });

  it('refuses a forged cursor with a code', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const response = await donor.client.get('/api/donations/mine?cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CURSOR_INVALID');
  });
});

describe('GET /api/donations/available', () => {
  it('shows receivers pending donations within the radius, nearest first, with distances', async () => {
    const near = await signUp(t.app, 'restaurant', { coordinates: FOUR_KM });
    const far = await signUp(t.app, 'restaurant', { coordinates: FAR });
    const nearDonation = await postDonation(near.client, { foodType: 'Near biryani' });
    const farDonation = await postDonation(far.client, { foodType: 'Far pulao' });
    const bank = await signUp(t.app, 'foodbank', { coordinates: MG_ROAD });
    const response = await bank.client.get('/api/donations/available?radiusKm=10');
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Array<{ id: string; distanceKm: number }>;
    const ids = items.map((d) => d.id);
    expect(ids).toContain(nearDonation.id);
    expect(ids).not.toContain(farDonation.id);
    const found = items.find((d) => d.id === nearDonation.id)!;
    expect(found.distanceKm).toBeCloseTo(4, 0);
    const distances = items.map((d) => d.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A wider radius, centred elsewhere, finds the far one.
    const wide = await bank.client.get(
      `/api/donations/available?radiusKm=50&lat=${FAR.lat}&lng=${FAR.lng}`,
    );
    expect(wide.json().items.map((d: { id: string }) => d.id)).toContain(farDonation.id);
  });

  it('never shows an expired donation, even before the expiry job has run', async () => {
    const donor = await signUp(t.app, 'restaurant', { coordinates: MG_ROAD });
    const donation = await postDonation(donor.client, { foodType: 'Stale sabzi' });
    await t.database.db.execute(
      sql`update donations set expiry_time = now() - interval '1 minute' where id = ${donation.id}`,
    );
    const bank = await signUp(t.app, 'foodbank', { coordinates: MG_ROAD });
    const items = (await bank.client.get('/api/donations/available')).json().items;
    expect(items.map((d: { id: string }) => d.id)).not.toContain(donation.id);
    const request = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(request.statusCode).toBe(409);
    expect(request.json().code).toBe('DONATION_EXPIRED');
  });

  it('shows volunteers only volunteer deliveries that nobody carries', async () => {
    const donor = await signUp(t.app, 'restaurant', { coordinates: MG_ROAD });
    const bank = await signUp(t.app, 'foodbank', { coordinates: MG_ROAD });
    const carried = await postDonation(donor.client, { foodType: 'Volunteer food' });
    const selfDelivered = (
      await donor.client.post(
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'foodbank',
          destinationUserId: bank.user.id,
        }),
      )
    ).json().donation;
    const volunteer = await signUp(t.app, 'volunteer', { coordinates: MG_ROAD });
    const ids = (await volunteer.client.get('/api/donations/available'))
      .json()
      .items.map((d: { id: string }) => d.id);
    expect(ids).toContain(carried.id);
    expect(ids).not.toContain(selfDelivered.id);
    await t.database.db.execute(
      sql`update donations set volunteer_id = ${volunteer.user.id} where id = ${carried.id}`,
    );
    const after = (await volunteer.client.get('/api/donations/available'))
      .json()
      .items.map((d: { id: string }) => d.id);
    expect(after).not.toContain(carried.id);
  });

  it("keeps an individual's own donations out of their feed", async () => {
    const person = await signUp(t.app, 'individual', { coordinates: MG_ROAD });
    const mine = await postDonation(person.client);
    const ids = (await person.client.get('/api/donations/available'))
      .json()
      .items.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(mine.id);
  });

  it.each(['restaurant', 'mess'] as const)('has no feed for a %s', async (role) => {
    const donor = await signUp(t.app, role);
    expect((await donor.client.get('/api/donations/available')).statusCode).toBe(403);
  });

  it.each([
    ['radiusKm=0', 'RADIUS_INVALID'],
    ['radiusKm=5000', 'RADIUS_INVALID'],
    ['lat=95&lng=10', 'COORDINATES_INVALID'],
    ['lat=12', 'COORDINATES_INVALID'],
    ['limit=1000', 'INVALID_VALUE'],
    ['sort=random', 'INVALID_VALUE'],
  ])('refuses ?%s', async (qs, code) => {
    const bank = await signUp(t.app, 'foodbank');
    const response = await bank.client.get(`/api/donations/available?${qs}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect([body.code, ...(body.details ?? []).map((d: { code: string }) => d.code)]).toContain(
      code,
    );
  });

  it('pages through a sorted feed without repeating or skipping', async () => {
    const center = { lat: 22.57, lng: 88.36 }; // Kolkata: a fresh neighbourhood for this test
    const donor = await signUp(t.app, 'restaurant', { coordinates: center });
    const posted = new Set<string>();
    for (let i = 0; i < 7; i++) {
      const d = await postDonation(donor.client, {
        pickupCoordinates: { lat: center.lat + i * 0.005, lng: center.lng },
      });
      posted.add(d.id);
    }
    const bank = await signUp(t.app, 'foodbank', { coordinates: center });
    for (const sort of ['distance', 'newest']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/donations/available?limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await bank.client.get(url)).json();
        seen.push(...page.items.map((d: { id: string }) => d.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(posted);
    }
  });

  it('pages nearest first through donations posted at one point, with true distances', async () => {
    const center = { lat: 17.385, lng: 78.4867 }; // Hyderabad: a fresh neighbourhood
    const donor = await signUp(t.app, 'mess', { coordinates: center });
    const kitchen = { lat: 17.4, lng: 78.49 }; // one kitchen posting several times
    const points = [kitchen, kitchen, kitchen, kitchen, { lat: 17.39, lng: 78.5 }];
    points.push(
      { lat: 17.45, lng: 78.4 },
      { lat: 17.3, lng: 78.55 },
      { lat: 17.386, lng: 78.4868 },
    );
    const posted = new Map<string, { lat: number; lng: number }>();
    for (const point of points) {
      const d = await postDonation(donor.client, { pickupCoordinates: point });
      posted.set(d.id, point);
    }
    const far = await postDonation(donor.client, { pickupCoordinates: { lat: 17.6, lng: 78.49 } });
    const bank = await signUp(t.app, 'foodbank', { coordinates: center });
    const seen: { id: string; distanceKm: number }[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/donations/available?limit=2&radiusKm=20&sort=distance${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await bank.client.get(url)).json();
      seen.push(...page.items);
      cursor = page.nextCursor;
      // The cursor names the last donation, not its exact distance from the chosen centre.
      if (cursor) expect(JSON.parse(Buffer.from(cursor, 'base64url').toString())).toHaveLength(1);
    } while (cursor);
    expect(seen.map((d) => d.id).sort()).toEqual([...posted.keys()].sort());
    const forged = Buffer.from(JSON.stringify(['not-a-donation'])).toString('base64url');
    const refused = await bank.client.get(
      `/api/donations/available?sort=distance&cursor=${forged}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CURSOR_INVALID');
    expect(seen.map((d) => d.id)).not.toContain(far.id); // ~23.9 km away
    const expected = seen.map((d) => haversineKm(center, posted.get(d.id)!));
    expected.forEach((km, i) => {
      // Ordered by the true distance; shown (to someone not matched) as the distance to the
      // point rounded to about 1 km, in 0.5 km steps (rules 4b).
      const shown = roundApproximateDistanceKm(
        haversineKm(center, approximatePoint(posted.get(seen[i]!.id)!)!),
      );
      expect(seen[i]!.distanceKm).toBe(shown);
      if (i > 0) expect(km).toBeGreaterThanOrEqual(expected[i - 1]! - 1e-9);
    });
  });
});
