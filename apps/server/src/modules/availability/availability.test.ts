// Both engines: concurrent edits of one calendar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Points around Bengaluru: MG Road, ~4 km north, ~25 km away.
const MG_ROAD = { lat: 12.9756, lng: 77.6066 };
const FOUR_KM = { lat: 13.0116, lng: 77.6066 };
const FAR = { lat: 13.2, lng: 77.7 };

const availability = (overrides: Record<string, unknown> = {}) => ({
  weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
  fromTime: '00:00',
  toTime: '23:59',
  radiusKm: 50,
  ...overrides,
});

describe('PUT /api/availability', () => {
  it('saves days, hours, home area and cap, with the profile location as home by default', async () => {
    const volunteer = await signUp(t.app, 'volunteer', { coordinates: MG_ROAD });
    expect((await volunteer.client.get('/api/availability')).json()).toEqual({
      availability: null,
    });
    const saved = await volunteer.client.put(
      '/api/availability',
      availability({ maxPickupsPerDay: 2 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().availability).toMatchObject({
      home: MG_ROAD,
      radiusKm: 50,
      maxPickupsPerDay: 2,
      timeZone: 'Asia/Kolkata',
      pickupsToday: 0,
    });
  });

  it('refuses hours that end before they start, and callers who are not volunteers', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const bad = await volunteer.client.put(
      '/api/availability',
      availability({ fromTime: '22:00', toTime: '18:00' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].code).toBe('AVAILABILITY_HOURS_INVALID');
    expect((await volunteer.client.get('/api/availability')).json().availability).toBeNull();
    const donor = await signUp(t.app, 'restaurant');
    expect((await donor.client.put('/api/availability', availability())).statusCode).toBe(403);
  });
});

describe('POST /api/donations/{id}/grab with a daily cap', () => {
  it('refuses the grab past the cap with a coded 409 and changes nothing', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const volunteer = await signUp(t.app, 'volunteer');
    await volunteer.client.put('/api/availability', availability({ maxPickupsPerDay: 2 }));
    const [a, b, c] = [
      await postDonation(donor.client),
      await postDonation(donor.client),
      await postDonation(donor.client),
    ];
    expect((await volunteer.client.post(`/api/donations/${a.id}/grab`)).statusCode).toBe(201);
    expect((await volunteer.client.post(`/api/donations/${b.id}/grab`)).statusCode).toBe(201);
    const third = await volunteer.client.post(`/api/donations/${c.id}/grab`);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('PICKUP_CAP_REACHED');
    expect((await donor.client.get(`/api/donations/${c.id}`)).json().donation.status).toBe(
      'pending',
    );
    expect((await volunteer.client.get('/api/availability')).json().availability.pickupsToday).toBe(
      2,
    );

    // Giving one back frees a place for today.
    const released = await volunteer.client.post(`/api/donations/${a.id}/release`, {});
    expect(released.statusCode).toBe(204);
    expect((await volunteer.client.post(`/api/donations/${c.id}/grab`)).statusCode).toBe(201);
  });

  it('lets one of five simultaneous grabs through when one place is left', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const volunteer = await signUp(t.app, 'volunteer');
    await volunteer.client.put('/api/availability', availability({ maxPickupsPerDay: 1 }));
    const donations = await Promise.all(
      Array.from({ length: 5 }, () => postDonation(donor.client)),
    );
    const answers = await Promise.all(
      donations.map((d) => volunteer.client.post(`/api/donations/${d.id}/grab`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('GET /api/donations/available for a volunteer with an area', () => {
  it('shows donations inside the home radius only, whatever radius the page asks for', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const near = await postDonation(donor.client, { pickupCoordinates: FOUR_KM });
    const far = await postDonation(donor.client, { pickupCoordinates: FAR });
    const volunteer = await signUp(t.app, 'volunteer', { coordinates: FAR });
    await volunteer.client.put('/api/availability', availability({ home: MG_ROAD, radiusKm: 5 }));
    const feed = await volunteer.client.get('/api/donations/available?radiusKm=100&limit=100');
    const ids = (feed.json().items as Array<{ id: string }>).map((d) => d.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
  });
});
