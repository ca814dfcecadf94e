import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approximatePoint, type Coordinates } from '@annasetu/domain';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

// The points a volunteer navigates to (product rules 4b): the exact pickup and drop-off reach
// the parties of a live match only; the trip lists the jobs one carries.

interface Job {
  id: string;
  donationId: string;
  status: string;
  pickupPoint?: Coordinates | null;
  dropoffPoint?: Coordinates | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Three kitchens and three food banks in Bengaluru, with six decimals as a phone shares them.
const KITCHENS = [
  { lat: 12.971234, lng: 77.594567 },
  { lat: 12.935821, lng: 77.624483 },
  { lat: 13.002914, lng: 77.570116 },
];
const BANKS = [
  { lat: 12.955678, lng: 77.612345 },
  { lat: 12.917333, lng: 77.601902 },
  { lat: 13.021458, lng: 77.596871 },
];

const tripOf = async (client: TestClient) => {
  const response = await client.get('/api/requests/trip');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Job[];
};
const listOf = async (client: TestClient) =>
  (await client.get('/api/requests?filter=all&limit=100')).json().items as Job[];

/** A volunteer carrying three receivers' requests, each from its kitchen to its food bank. */
async function threeJobs() {
  const donor = await signUp(t.app, 'restaurant');
  const volunteer = await signUp(t.app, 'volunteer', {
    coordinates: { lat: 12.98, lng: 77.6 },
  });
  const jobs: { donationId: string; requestId: string }[] = [];
  for (const [i, kitchen] of KITCHENS.entries()) {
    const bank = await signUp(t.app, 'foodbank', { coordinates: BANKS[i]! });
    const donation = await postDonation(donor.client, { pickupCoordinates: kitchen });
    const asked = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().request.id as string;
    expect((await donor.client.post(`/api/requests/${requestId}/accept`)).statusCode).toBe(200);
    const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    expect(grab.statusCode, grab.body).toBe(201);
    jobs.push({ donationId: donation.id, requestId });
  }
  return { donor, volunteer, jobs };
}

describe('GET /api/requests/trip', () => {
  it('gives the volunteer every job they carry with its exact pickup and drop-off', async () => {
    const { volunteer, jobs } = await threeJobs();
    const trip = await tripOf(volunteer.client);
    expect(trip.map((j) => j.id)).toEqual(jobs.map((j) => j.requestId));
    for (const [i, job] of trip.entries()) {
      expect(job.status).toBe('accepted');
      expect(job.pickupPoint).toEqual(KITCHENS[i]);
      expect(job.dropoffPoint).toEqual(BANKS[i]);
    }
    // The requests screen's cards carry the same points.
    const list = await listOf(volunteer.client);
    for (const [i, { requestId }] of jobs.entries()) {
      const card = list.find((r) => r.id === requestId);
      expect(card?.pickupPoint).toEqual(KITCHENS[i]);
      expect(card?.dropoffPoint).toEqual(BANKS[i]);
    }
  });

  it('gives another volunteer none of it: no jobs, no cards, the exact points nowhere', async () => {
    const { jobs } = await threeJobs();
    const other = await signUp(t.app, 'volunteer');
    expect(await tripOf(other.client)).toEqual([]);
    const list = await other.client.get('/api/requests?filter=all&limit=100');
    const trip = await other.client.get('/api/requests/trip');
    const ids = new Set(jobs.map((j) => j.requestId));
    expect((list.json().items as Job[]).filter((r) => ids.has(r.id))).toEqual([]);
    for (const point of [...KITCHENS, ...BANKS]) {
      for (const body of [list.body, trip.body]) {
        expect(body).not.toContain(String(point.lat));
        expect(body).not.toContain(String(point.lng));
      }
    }
  });

  it('rounds the pickup for a receiver whose request was declined, and gives them no trip', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const chosen = await signUp(t.app, 'foodbank', { coordinates: BANKS[0]! });
    const declined = await signUp(t.app, 'foodbank', { coordinates: BANKS[1]! });
    const donation = await postDonation(donor.client, { pickupCoordinates: KITCHENS[0] });
    const first = await chosen.client.post(`/api/donations/${donation.id}/requests`, {});
    const second = await declined.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(second.statusCode).toBe(201);
    await donor.client.post(`/api/requests/${first.json().request.id as string}/accept`);

    const own = (await listOf(declined.client)).find((r) => r.donationId === donation.id);
    expect(own?.status).toBe('rejected');
    expect(own?.pickupPoint).toEqual(approximatePoint(KITCHENS[0]!));
    expect(own?.pickupPoint).not.toEqual(KITCHENS[0]);
    expect((await declined.client.get('/api/requests/trip')).statusCode).toBe(403);
  });

  it("keeps a collected job for its drop-off and gives a donor their self delivery's destination", async () => {
    const { donor, volunteer, jobs } = await threeJobs();
    const nursery = await signUp(t.app, 'nursery', { coordinates: BANKS[2]! });
    const collected = await volunteer.client.post('/api/collections', {
      donationId: jobs[0]!.donationId,
      requestId: jobs[0]!.requestId,
      quality: 'bad',
      destinationType: 'nursery',
      destinationUserId: nursery.user.id,
    });
    expect(collected.statusCode, collected.body).toBe(201);
    const trip = await tripOf(volunteer.client);
    expect(trip.find((j) => j.id === jobs[0]!.requestId)).toMatchObject({
      status: 'collected',
      dropoffPoint: BANKS[2],
    });

    const own = await postDonation(donor.client, {
      pickupCoordinates: KITCHENS[1],
      deliveryMethod: 'self',
      destinationType: 'nursery',
      destinationUserId: nursery.user.id,
    });
    const mine = await tripOf(donor.client);
    expect(mine.map((j) => j.donationId)).toEqual([own.id]);
    expect(mine[0]).toMatchObject({ pickupPoint: KITCHENS[1], dropoffPoint: BANKS[2] });
    // Delivered: off the trip.
    expect(
      (await volunteer.client.post(`/api/requests/${jobs[0]!.requestId}/complete`)).statusCode,
    ).toBe(200);
    expect((await tripOf(volunteer.client)).map((j) => j.id)).not.toContain(jobs[0]!.requestId);
  });
});
