import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  availableDonationsQuerySchema,
  createDonationInputSchema,
  donationSchema,
  myDonationsQuerySchema,
} from './donation.js';
import { issueCodes } from './test-helpers.js';

const base = {
  cuisine: 'North Indian',
  foodType: 'Dal, rice, roti',
  vegType: 'veg',
  quantity: 40,
  prepDate: new Date().toISOString().slice(0, 10),
  prepTime: '18:30',
  deliveryMethod: 'volunteer',
};
const receiverId = '0b6c6f0e-8f2a-4a55-9a1e-4f6a2f9b1c11';

describe('createDonationInputSchema', () => {
  it('accepts the seed form and fills the defaults (meals, 6 hours)', () => {
    const data = createDonationInputSchema.parse(base);
    expect(data.unit).toBe('meals');
    expect(data.expiryHours).toBe(6);
    expect(data.notes).toBeUndefined();
    expect(data.pickupAddress).toBeUndefined();
  });

  it('trims texts and treats empty optional texts as absent', () => {
    const data = createDonationInputSchema.parse({
      ...base,
      cuisine: '  South Indian ',
      notes: '   ',
      pickupAddress: ' 12 MG Road ',
    });
    expect(data.cuisine).toBe('South Indian');
    expect(data.notes).toBeUndefined();
    expect(data.pickupAddress).toBe('12 MG Road');
  });

  it.each(['cuisine', 'foodType', 'prepDate', 'prepTime'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...base };
    delete input[field];
    expect(issueCodes(createDonationInputSchema, input)).toHaveLength(1);
  });

  it('reports missing required fields with the seed code', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, cuisine: '  ' })).toEqual([
      'cuisine: REQUIRED_FIELDS_MISSING',
    ]);
    const { vegType: _v, deliveryMethod: _d, ...rest } = base;
    expect(issueCodes(createDonationInputSchema, rest)).toEqual([
      'vegType: REQUIRED_FIELDS_MISSING',
      'deliveryMethod: REQUIRED_FIELDS_MISSING',
    ]);
  });

  it('refuses values outside the enums', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, vegType: 'vegan' })).toEqual([
      'vegType: INVALID_VALUE',
    ]);
    expect(issueCodes(createDonationInputSchema, { ...base, unit: 'boxes' })).toEqual([
      'unit: INVALID_VALUE',
    ]);
  });

  it('needs a quantity of at least 1', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: 1 })).toEqual([]);
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: 0.99, unit: 'kg' })).toEqual([
      'quantity: QUANTITY_INVALID',
    ]);
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: '10' })).toEqual([
      'quantity: QUANTITY_INVALID',
    ]);
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: 100_001 })).toEqual([
      'quantity: QUANTITY_INVALID',
    ]);
  });

  it('allows fractions for kg and liters but not for meals and packs', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: 2.5, unit: 'kg' })).toEqual(
      [],
    );
    expect(
      issueCodes(createDonationInputSchema, { ...base, quantity: 2.5, unit: 'liters' }),
    ).toEqual([]);
    expect(issueCodes(createDonationInputSchema, { ...base, quantity: 2.5 })).toEqual([
      'quantity: QUANTITY_NOT_WHOLE',
    ]);
    expect(
      issueCodes(createDonationInputSchema, { ...base, quantity: 2.5, unit: 'packs' }),
    ).toEqual(['quantity: QUANTITY_NOT_WHOLE']);
  });

  it('keeps expiryHours between 1 and 72 whole hours', () => {
    for (const ok of [1, 72]) {
      expect(issueCodes(createDonationInputSchema, { ...base, expiryHours: ok })).toEqual([]);
    }
    for (const bad of [0, 73, 1.5, -6]) {
      expect(issueCodes(createDonationInputSchema, { ...base, expiryHours: bad })).toEqual([
        'expiryHours: EXPIRY_HOURS_INVALID',
      ]);
    }
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks prep date and time formats', () => {
    vi.useFakeTimers({ now: Date.parse('2024-03-01T10:00:00Z'), toFake: ['Date'] });
    expect(issueCodes(createDonationInputSchema, { ...base, prepDate: '2024-02-29' })).toEqual([]);
    for (const prepDate of ['2023-02-29', '01-03-2024', '2024-3-1', '2024-02-30']) {
      expect(issueCodes(createDonationInputSchema, { ...base, prepDate })).toEqual([
        'prepDate: PREP_DATE_INVALID',
      ]);
    }
    vi.useRealTimers();
    for (const prepTime of ['00:00', '23:59']) {
      expect(issueCodes(createDonationInputSchema, { ...base, prepTime })).toEqual([]);
    }
    for (const prepTime of ['24:00', '9:30', '18:30:00', '6 pm']) {
      expect(issueCodes(createDonationInputSchema, { ...base, prepTime })).toEqual([
        'prepTime: PREP_TIME_INVALID',
      ]);
    }
  });

  it('accepts a preparation date from a week ago to tomorrow, and nothing far outside', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T20:00:00Z'), toFake: ['Date'] });
    for (const prepDate of ['2026-11-17', '2026-11-24', '2026-11-25']) {
      expect(issueCodes(createDonationInputSchema, { ...base, prepDate })).toEqual([]);
    }
    for (const prepDate of ['8110-01-01', '2026-11-27', '2026-11-15', '1900-01-01', '0001-01-01']) {
      expect(issueCodes(createDonationInputSchema, { ...base, prepDate })).toEqual([
        'prepDate: PREP_DATE_INVALID',
      ]);
    }
  });

  it('requires destination type and user for self delivery', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, deliveryMethod: 'self' })).toEqual([
      'destinationType: DESTINATION_REQUIRED',
      'destinationUserId: DESTINATION_REQUIRED',
    ]);
    expect(
      issueCodes(createDonationInputSchema, {
        ...base,
        deliveryMethod: 'self',
        destinationType: 'foodbank',
        destinationUserId: receiverId,
      }),
    ).toEqual([]);
  });

  it('refuses a destination on a volunteer donation', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, destinationType: 'foodbank' })).toEqual(
      ['destinationType: DESTINATION_NOT_ALLOWED'],
    );
  });

  it('refuses unknown keys and fields the server owns', () => {
    expect(issueCodes(createDonationInputSchema, { ...base, status: 'completed' })).toHaveLength(1);
    expect(issueCodes(createDonationInputSchema, { ...base, donorId: receiverId })).toHaveLength(1);
  });

  it('checks pickup coordinates', () => {
    expect(
      issueCodes(createDonationInputSchema, { ...base, pickupCoordinates: { lat: 91, lng: 0 } }),
    ).toEqual(['pickupCoordinates.lat: COORDINATES_INVALID']);
  });
});

describe('availableDonationsQuerySchema', () => {
  it('defaults to 10 km, distance sort and 50 items', () => {
    expect(availableDonationsQuerySchema.parse({})).toEqual({
      radiusKm: 10,
      sort: 'distance',
      limit: 50,
    });
  });

  it('reads numbers from the query string', () => {
    expect(
      availableDonationsQuerySchema.parse({
        lat: '28.6',
        lng: '77.2',
        radiusKm: '25',
        limit: '100',
      }),
    ).toMatchObject({ lat: 28.6, lng: 77.2, radiusKm: 25, limit: 100 });
  });

  it('treats an empty lat/lng as absent, not as 0', () => {
    expect(availableDonationsQuerySchema.parse({ lat: '', lng: '' }).lat).toBeUndefined();
  });

  it('needs lat and lng together', () => {
    expect(issueCodes(availableDonationsQuerySchema, { lat: '28.6' })).toEqual([
      'lat: COORDINATES_INVALID',
    ]);
  });

  it('bounds the radius to (0, 100] km and the limit to 1..100', () => {
    expect(issueCodes(availableDonationsQuerySchema, { radiusKm: '100' })).toEqual([]);
    expect(issueCodes(availableDonationsQuerySchema, { radiusKm: '0' })).toEqual([
      'radiusKm: RADIUS_INVALID',
    ]);
    expect(issueCodes(availableDonationsQuerySchema, { radiusKm: '100.5' })).toEqual([
      'radiusKm: RADIUS_INVALID',
    ]);
    expect(issueCodes(availableDonationsQuerySchema, { limit: '101' })).toEqual([
      'limit: INVALID_VALUE',
    ]);
    expect(issueCodes(availableDonationsQuerySchema, { limit: '0' })).toEqual([
      'limit: INVALID_VALUE',
    ]);
  });

  it('refuses a malformed cursor and an unknown sort', () => {
    expect(issueCodes(availableDonationsQuerySchema, { cursor: 'a b' })).toEqual([
      'cursor: CURSOR_INVALID',
    ]);
    expect(issueCodes(availableDonationsQuerySchema, { sort: 'oldest' })).toEqual([
      'sort: INVALID_VALUE',
    ]);
  });
});

describe('myDonationsQuerySchema', () => {
  it('filters by status optionally', () => {
    expect(myDonationsQuerySchema.parse({ status: 'pending' })).toEqual({
      status: 'pending',
      limit: 50,
    });
    expect(issueCodes(myDonationsQuerySchema, { status: 'done' })).toEqual([
      'status: INVALID_VALUE',
    ]);
  });
});

describe('donationSchema', () => {
  it('describes a full donation response', () => {
    const donation = {
      id: receiverId,
      donorId: receiverId,
      donorName: 'Annapurna Mess',
      donorEmail: 'mess@example.in',
      donorPhone: '+91 98100 00000',
      donorAddress: 'Connaught Place, New Delhi',
      donorCoordinates: { lat: 28.6139, lng: 77.209 },
      status: 'pending',
      createdAt: '2025-03-01T12:00:00.000Z',
      updatedAt: '2025-03-01T12:00:00.000Z',
      completedAt: null,
      expiryTime: '2025-03-01T18:00:00.000Z',
      isExpired: false,
      totalRequests: 0,
      acceptedRequests: 0,
      foodType: 'Rajma chawal',
      cuisine: 'North Indian',
      vegType: 'veg',
      quantity: 30,
      unit: 'meals',
      notes: null,
      prepDate: '2025-03-01',
      prepTime: '11:00',
      pickupAddress: 'Connaught Place, New Delhi',
      pickupArea: 'Connaught Place, New Delhi',
      pickupCoordinates: null,
      detailsShown: true,
      deliveryMethod: 'volunteer',
      expiryHours: 6,
      volunteerId: null,
      volunteerName: null,
      co2Saved: 0,
      mealsDonated: 0,
      holding: 'hot',
      useBy: null,
      allergens: ['milk'],
      safeUntil: '2026-11-28T09:30:00.000Z',
    };
    expect(donationSchema.safeParse(donation).success).toBe(true);
    expect(
      donationSchema.safeParse({ ...donation, distanceKm: 2.4, donorVerified: true }).success,
    ).toBe(true);
    expect(donationSchema.safeParse({ ...donation, status: 'open' }).success).toBe(false);
  });
});
