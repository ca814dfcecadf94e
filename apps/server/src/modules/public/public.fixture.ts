import { afterAll, beforeAll, expect } from 'vitest';
import { publicImpactSchema, type PublicImpact } from '@annasetu/domain';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

// The public figures' small city: two donors posting from two neighbourhoods. Six good rescues
// picked up in one grid cell (shown on the map), two in another (fewer than five: left out), one
// bad collection to a nursery and one to a poultry farm, and one donation still waiting.
export type Actor = Awaited<ReturnType<typeof signUp>>;
export let t: TestApp;
export let anonymous: TestClient;
export let restaurant: Actor;
export let mess: Actor;
export let volunteer: Actor;
export let bank: Actor;
export let nursery: Actor;
export let farm: Actor;
export const BUSY = { lat: 28.6312, lng: 77.2171 };
export const QUIET = { lat: 28.5521, lng: 77.1013 };
export const points: Array<{ lat: number; lng: number }> = [];

async function rescue(
  donor: Actor,
  pickup: { lat: number; lng: number },
  quality: 'good' | 'bad',
  overrides: Record<string, unknown> = {},
  pickedQuantity?: number,
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
    ...(pickedQuantity === undefined ? {} : { pickedQuantity }),
  });
  expect(collect.statusCode, collect.body).toBeLessThan(300);
  const done = await volunteer.client.post(`/api/requests/${requestId}/complete`);
  expect(done.statusCode, done.body).toBeLessThan(300);
  return donation.id;
}

/** Builds the small city before a file's tests and closes its app after them. */
export function useSmallCity() {
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
      await rescue(
        i % 2 ? mess : restaurant,
        { lat: BUSY.lat + i * 0.001, lng: BUSY.lng },
        'good',
        {
          quantity: 10 + i,
          cuisine: i < 4 ? 'Mughlai' : 'South Indian',
        },
        // The first two were counted at pickup (as posted): measured, the figures unchanged.
        i < 2 ? 10 + i : undefined,
      );
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
}

/** The public figures for a range, checked against their schema. */
export async function impact(range: string = '30d'): Promise<PublicImpact> {
  const response = await anonymous.get(`/api/public/impact?range=${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return publicImpactSchema.parse(response.json());
}
