import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signUp } from '../../test/factories.js';

// One story, figures worked out by hand from the seed's factors:
//   D1 20 meals, volunteer-carried, good, to the food bank, delivered  -> CO2 26, meals 20
//   D2 10 kg, volunteer-carried, bad, to the poultry farm, received    -> CO2 0
//   D3 5 packs, self delivery to the poultry farm, received as good    -> CO2 12.5
let t: TestApp;
let donor: Awaited<ReturnType<typeof signUp>>;
let volunteer: Awaited<ReturnType<typeof signUp>>;
let bank: Awaited<ReturnType<typeof signUp>>;
let farm: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  donor = await signUp(t.app, 'restaurant');
  volunteer = await signUp(t.app, 'volunteer');
  bank = await signUp(t.app, 'foodbank');
  farm = await signUp(t.app, 'poultry');

  const d1 = await postDonation(donor.client, {
    quantity: 20,
    unit: 'meals',
    cuisine: 'South Indian',
  });
  const r1 = (await volunteer.client.post(`/api/donations/${d1.id}/grab`)).json().request;
  await volunteer.client.post('/api/collections', {
    donationId: d1.id,
    requestId: r1.id,
    quality: 'good',
    destinationType: 'foodbank',
    destinationUserId: bank.user.id,
  });
  await volunteer.client.post(`/api/requests/${r1.id}/complete`);

  const d2 = await postDonation(donor.client, {
    quantity: 10,
    unit: 'kg',
    cuisine: 'South Indian',
  });
  const r2 = (await volunteer.client.post(`/api/donations/${d2.id}/grab`)).json().request;
  await volunteer.client.post('/api/collections', {
    donationId: d2.id,
    requestId: r2.id,
    quality: 'bad',
    destinationType: 'poultry',
    destinationUserId: farm.user.id,
  });
  await farm.client.post(`/api/requests/${r2.id}/confirm-receipt`, {});

  const d3 = (
    await donor.client.post(
      '/api/donations',
      donationInput({
        quantity: 5,
        unit: 'packs',
        cuisine: 'Other',
        deliveryMethod: 'self',
        destinationType: 'poultry',
        destinationUserId: farm.user.id,
      }),
    )
  ).json();
  await farm.client.post(`/api/requests/${d3.request.id}/confirm-receipt`, { quality: 'good' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/stats/me', () => {
  it('gives the donor their donations, CO2, meals and tokens', async () => {
    const response = await donor.client.get('/api/stats/me?range=7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      range: '7',
      stats: {
        donationsMade: 3,
        co2Saved: 38.5,
        mealsDonated: 20,
        kgDonated: 0,
        tokens: 20,
        deliveriesCompleted: 0,
      },
    });
  });

  it('gives the volunteer deliveries, CO2 carried and tokens, over 90 days by default', async () => {
    const response = await volunteer.client.get('/api/stats/me');
    expect(response.json()).toMatchObject({
      range: '90',
      stats: { deliveriesCompleted: 2, volunteerCo2: 26, tokens: 10, donationsMade: 0 },
    });
  });

  it('gives receivers what reached them', async () => {
    expect((await bank.client.get('/api/stats/me')).json()).toMatchObject({
      range: '30',
      stats: { deliveriesReceived: 1, receiverCo2: 26 },
    });
    expect((await farm.client.get('/api/stats/me')).json().stats).toMatchObject({
      deliveriesReceived: 2,
      receiverCo2: 12.5,
    });
  });

  it('refuses an unknown range', async () => {
    expect((await donor.client.get('/api/stats/me?range=365')).statusCode).toBe(400);
  });
});

describe('GET /api/stats/platform', () => {
  it('adds up the whole platform', async () => {
    const response = await bank.client.get('/api/stats/platform?range=all');
    expect(response.json()).toMatchObject({
      range: 'all',
      stats: {
        totalCompletedDonations: 2,
        totalCO2Saved: 38.5,
        totalMealsDonated: 20,
        totalKgDonated: 0,
        totalUsers: 4,
        totalDonors: 1,
        totalReceivers: 2,
        totalVolunteers: 1,
      },
    });
  });
});

describe('GET /api/stats/trends and /activity', () => {
  it("buckets the donor's donations by day and ranks cuisines without Other", async () => {
    const response = await donor.client.get('/api/stats/trends?range=7');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.granularity).toBe('day');
    expect(body.buckets.length).toBeGreaterThanOrEqual(7);
    expect(body.buckets.reduce((n: number, b: { donations: number }) => n + b.donations, 0)).toBe(
      3,
    );
    expect(body.buckets.at(-1)).toMatchObject({ donations: 3, completed: 2, meals: 20, co2: 38.5 });
    expect(body.topCuisines).toEqual([{ cuisine: 'South Indian', donations: 2 }]);
    const platform = (await bank.client.get('/api/stats/trends?range=all&scope=platform')).json();
    expect(platform.granularity).toBe('month');
  });

  it('merges my newest donations and requests', async () => {
    const response = await donor.client.get('/api/stats/activity?limit=5');
    const items = response.json().items;
    expect(items).toHaveLength(5);
    expect(items.map((i: { kind: string }) => i.kind)).toContain('donation');
    expect(items.map((i: { kind: string }) => i.kind)).toContain('request');
    const times = items.map((i: { at: string }) => i.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
