import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import {
  bucketDateOptions,
  defaultTrendScope,
  figuresForRole,
  figuresToShow,
  impactBasisLine,
  niceMax,
  percent,
  receiverFulfilment,
  roundFigure,
} from './figures';
import { visibleBuckets } from './buckets';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);

function request(overrides: Partial<FoodRequest>): FoodRequest {
  return {
    id: 'r',
    donationId: 'd',
    requesterId: 'someone',
    requesterName: 'R',
    requesterEmail: 'r@example.in',
    requesterPhone: '',
    requesterAddress: '',
    requesterArea: '',
    requesterCoordinates: null,
    status: 'pending',
    createdAt: new Date(NOW - DAY).toISOString(),
    updatedAt: new Date(NOW - DAY).toISOString(),
    foodType: 'Rice',
    notes: null,
    quantity: 10,
    unit: 'meals',
    donorId: 'donor',
    donorName: 'D',
    donorEmail: 'd@example.in',
    donorAddress: '',
    donorArea: '',
    isVolunteerRequest: false,
    isRoutedByVolunteer: false,
    isSelfDelivery: false,
    volunteerId: null,
    volunteerName: null,
    volunteerEmail: null,
    destinationUserId: null,
    destinationName: null,
    destinationEmail: null,
    destinationAddress: null,
    destinationPhone: null,
    destinationArea: null,
    destinationType: null,
    destinationAccepted: false,
    destinationNotified: false,
    quality: null,
    co2Saved: 0,
    ...overrides,
  };
}

describe('figuresForRole', () => {
  it('gives donors what they gave, volunteers what they carried, receivers what arrived', () => {
    expect(figuresForRole('restaurant').map((f) => f.key)).toEqual([
      'donationsMade',
      'mealsDonated',
      'kgDonated',
      'co2Saved',
      'tokens',
    ]);
    expect(figuresForRole('mess').map((f) => f.key)).toEqual(
      figuresForRole('restaurant').map((f) => f.key),
    );
    expect(figuresForRole('volunteer').map((f) => f.key)).toEqual([
      'deliveriesCompleted',
      'volunteerCo2',
      'tokens',
    ]);
    for (const role of ['foodbank', 'nursery', 'poultry'] as const) {
      expect(figuresForRole(role).map((f) => f.key)).toEqual(['deliveriesReceived', 'receiverCo2']);
    }
    expect(figuresForRole('individual').map((f) => f.key)).toContain('deliveriesReceived');
  });

  it('marks CO2 figures as kg of CO2', () => {
    expect(figuresForRole('volunteer').find((f) => f.key === 'volunteerCo2')?.kind).toBe('co2');
  });
});

describe('figuresToShow', () => {
  const stats = (meals: number, kg: number) =>
    ({ mealsDonated: meals, kgDonated: kg }) as Parameters<typeof figuresToShow>[1];
  const keys = (meals: number, kg: number) =>
    figuresToShow('restaurant', stats(meals, kg)).map((f) => f.key);

  it('leaves out the food unit a donor never gave in, and keeps both when both or neither', () => {
    expect(keys(1215, 0)).toContain('mealsDonated');
    expect(keys(1215, 0)).not.toContain('kgDonated');
    expect(keys(0, 40)).not.toContain('mealsDonated');
    expect(keys(0, 40)).toContain('kgDonated');
    expect(keys(0, 0)).toEqual(expect.arrayContaining(['mealsDonated', 'kgDonated']));
    expect(keys(10, 4)).toEqual(expect.arrayContaining(['mealsDonated', 'kgDonated']));
    expect(figuresToShow('volunteer', stats(10, 0))).toEqual(figuresForRole('volunteer'));
  });
});

describe('impactBasisLine', () => {
  const stats = (counted: number, measured: number) =>
    ({ donationsCounted: counted, donationsMeasured: measured }) as Parameters<
      typeof impactBasisLine
    >[1];
  it('says whether all, some or none of a donor’s delivered donations were measured', () => {
    expect(impactBasisLine('restaurant', stats(0, 0))).toBeNull();
    expect(impactBasisLine('mess', stats(4, 4))).toMatchObject({ key: 'all', counted: 4 });
    expect(impactBasisLine('individual', stats(5, 2))).toEqual({
      key: 'some',
      measured: 2,
      counted: 5,
      estimated: 3,
    });
    expect(impactBasisLine('restaurant', stats(3, 0))?.key).toBe('none');
    expect(impactBasisLine('volunteer', stats(3, 1))).toBeNull();
  });
});

describe('number helpers', () => {
  it('rounds counts to whole numbers and measures to one decimal', () => {
    expect(roundFigure(2.6, 'count')).toBe(3);
    expect(roundFigure(13.04, 'co2')).toBe(13);
    expect(roundFigure(13.06, 'kg')).toBe(13.1);
    expect(roundFigure(Number.NaN, 'meals')).toBe(0);
  });

  it('clamps percentages to 0..100', () => {
    expect(percent(0.456)).toBe(46);
    expect(percent(1.7)).toBe(100);
    expect(percent(-1)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });

  it('rounds chart tops to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(260)).toBe(500);
  });

  it('labels months with the year and days without it, in UTC', () => {
    expect(bucketDateOptions('month')).toMatchObject({ month: 'short', year: 'numeric' });
    expect(bucketDateOptions('day')).not.toHaveProperty('year');
    expect(bucketDateOptions('week').timeZone).toBe('UTC');
  });
});

describe('receiverFulfilment', () => {
  it('counts my requests and deliveries to me of the last 30 days', () => {
    const requests = [
      request({ requesterId: 'me', status: 'fulfilled' }),
      request({ destinationUserId: 'me', status: 'fulfilled' }),
      request({ destinationUserId: 'me', status: 'collected' }),
      request({ requesterId: 'me', status: 'pending' }),
      // Withdrawn requests and other people's requests do not count.
      request({ requesterId: 'me', status: 'cancelled' }),
      request({ requesterId: 'other', status: 'fulfilled' }),
      // Older than the 30-day window.
      request({
        requesterId: 'me',
        status: 'fulfilled',
        createdAt: new Date(NOW - 31 * DAY).toISOString(),
      }),
    ];
    expect(receiverFulfilment(requests, 'me', NOW)).toEqual({ total: 4, fulfilled: 2, rate: 0.5 });
  });

  it('is 0 with no requests', () => {
    expect(receiverFulfilment([], 'me', NOW)).toEqual({ total: 0, fulfilled: 0, rate: 0 });
  });
});

describe('defaultTrendScope', () => {
  it('shows donors their own donations and everyone else the platform', () => {
    expect(defaultTrendScope('restaurant')).toBe('me');
    expect(defaultTrendScope('volunteer')).toBe('platform');
    expect(defaultTrendScope('foodbank')).toBe('platform');
  });
});

describe('visibleBuckets', () => {
  const bucket = (i: number, donations: number) => ({
    start: new Date(Date.UTC(2020, i, 1)).toISOString(),
    donations,
    completed: 0,
    meals: 0,
    kg: 0,
    co2: 0,
  });

  it('drops the empty months before the first donation, keeping at least 12', () => {
    const buckets = Array.from({ length: 120 }, (_, i) => bucket(i, i === 100 ? 3 : 0));
    expect(visibleBuckets(buckets)).toHaveLength(20);
    expect(visibleBuckets(buckets)[0]?.donations).toBe(3);
    const empty = Array.from({ length: 120 }, (_, i) => bucket(i, 0));
    expect(visibleBuckets(empty)).toHaveLength(12);
  });

  it('keeps short ranges whole', () => {
    const buckets = Array.from({ length: 8 }, (_, i) => bucket(i, i === 7 ? 1 : 0));
    expect(visibleBuckets(buckets)).toHaveLength(8);
  });
});
