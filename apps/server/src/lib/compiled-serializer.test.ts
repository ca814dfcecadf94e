import { describe, expect, it } from 'vitest';
import { donationPageSchema, type Donation } from '@annasetu/domain';
import { compiledSerializerCompiler } from './compiled-serializer.js';

// The feed's answer is written by a serializer compiled from its zod schema: it must write what
// the zod pass wrote (same values, nulls, optional fields), and nothing the schema leaves out.

const serialize = compiledSerializerCompiler({
  schema: donationPageSchema,
  method: 'GET',
  url: '/api/donations/available',
  httpStatus: '200',
});

const donation: Donation = {
  id: '6f1c3b0e-2d4a-4c1e-9f3a-1b2c3d4e5f60',
  donorId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  donorName: 'Annapurna Rasoi "Sector 5" \\ रसोई',
  donorEmail: null,
  donorPhone: null,
  donorAddress: null,
  donorCoordinates: { lat: 28.61, lng: 77.21 },
  status: 'pending',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:05:00.000Z',
  completedAt: null,
  expiryTime: '2026-11-24T16:00:00.000Z',
  isExpired: false,
  totalRequests: 2,
  acceptedRequests: 0,
  foodType: 'दाल चावल',
  cuisine: 'North Indian',
  vegType: 'veg',
  quantity: 12.5,
  unit: 'kg',
  notes: null,
  prepDate: '2026-11-24',
  prepTime: '09:30',
  holding: 'hot',
  useBy: null,
  allergens: ['milk', 'gluten'],
  safeUntil: '2026-11-24T13:30:00.000Z',
  pickupAddress: null,
  pickupArea: 'Connaught Place',
  pickupCoordinates: null,
  detailsShown: false,
  deliveryMethod: 'volunteer',
  expiryHours: 6,
  volunteerId: null,
  volunteerName: null,
  co2Saved: 31.25,
  mealsDonated: 50,
  donorVerified: true,
  distanceKm: 1.5,
};

describe('compiledSerializerCompiler', () => {
  it('writes the page exactly as the zod schema reads it, nulls and optional fields included', () => {
    const withSeries = { ...donation, seriesId: '11111111-2222-4333-8444-555555555555' };
    const { distanceKm: _distance, donorVerified: _badge, ...bare } = donation;
    const page = { items: [donation, withSeries, bare], nextCursor: 'eyJhIjoxfQ' };
    const written = serialize(page);
    expect(JSON.parse(written)).toEqual(donationPageSchema.parse(page));
    expect(JSON.parse(serialize({ items: [], nextCursor: null }))).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('never writes a field the schema does not declare', () => {
    const leaky = { ...donation, passwordHash: 'secret-hash', donorEmailRaw: 'a@example.in' };
    const written = serialize({ items: [leaky], nextCursor: null });
    expect(written).not.toContain('secret-hash');
    expect(written).not.toContain('a@example.in');
    expect(JSON.parse(written).items[0]).toEqual(
      donationPageSchema.parse({ items: [donation], nextCursor: null }).items[0],
    );
  });

  it('refuses an answer missing a required field instead of sending it partial', () => {
    const { donorName: _name, ...missing } = donation;
    expect(() => serialize({ items: [missing], nextCursor: null })).toThrow(/donorName/);
  });
});
