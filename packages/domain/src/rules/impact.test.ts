import { describe, expect, it } from 'vitest';
import { EMPTY_USER_STATS, type UserStats } from '../schemas/stats.js';
import { CO2_GRAMS_PER_KM, CO2_GRAMS_PER_MILE } from '../constants/impact.js';
import { familyDays, headlineFigures, impactMessages, kmNotDriven } from './impact.js';

const stats = (over: Partial<UserStats>): UserStats => ({ ...EMPTY_USER_STATS, ...over });
const ids = (s: UserStats, role: Parameters<typeof impactMessages>[1]) =>
  impactMessages(s, role).map((m) => m.id);

describe('equivalences', () => {
  it('turns 251 g of CO2 into one kilometre not driven', () => {
    expect(kmNotDriven(0.251)).toBeCloseTo(1, 10);
    expect(kmNotDriven(25.1)).toBeCloseTo(100, 10);
    expect(kmNotDriven(0)).toBe(0);
    expect(kmNotDriven(-5)).toBe(0);
    // The seed's 404 g per mile, over 1.609344 km to the mile, is 251 g per km.
    expect(Math.round(CO2_GRAMS_PER_MILE / 1.609344)).toBe(CO2_GRAMS_PER_KM);
  });

  it('turns 12 meals into one family-day', () => {
    expect(familyDays(12)).toBe(1);
    expect(familyDays(30)).toBe(2.5);
    expect(familyDays(0)).toBe(0);
  });
});

describe('headlineFigures', () => {
  const s = stats({
    donationsMade: 4,
    co2Saved: 13,
    deliveriesCompleted: 7,
    volunteerCo2: 20,
    deliveriesReceived: 9,
    receiverCo2: 30,
  });

  it('uses donations and co2Saved for donor roles, individuals included', () => {
    for (const role of ['restaurant', 'individual', 'mess'] as const) {
      expect(headlineFigures(s, role)).toEqual({ activity: 4, co2Kg: 13 });
    }
  });

  it('uses deliveries completed and volunteerCo2 for volunteers', () => {
    expect(headlineFigures(s, 'volunteer')).toEqual({ activity: 7, co2Kg: 20 });
  });

  it('uses deliveries received and receiverCo2 for receivers', () => {
    for (const role of ['foodbank', 'nursery', 'poultry'] as const) {
      expect(headlineFigures(s, role)).toEqual({ activity: 9, co2Kg: 30 });
    }
  });
});

describe('impactMessages', () => {
  it('shows nothing for a new user', () => {
    expect(impactMessages(EMPTY_USER_STATS, 'restaurant')).toEqual([]);
  });

  it('needs each figure strictly above its threshold', () => {
    const atThreshold = stats({
      co2Saved: 10,
      mealsDonated: 20,
      deliveriesCompleted: 5,
      tokens: 50,
      deliveriesReceived: 10,
    });
    expect(impactMessages(atThreshold, 'restaurant')).toEqual([]);
    const above = stats({
      co2Saved: 10.1,
      mealsDonated: 21,
      deliveriesCompleted: 6,
      tokens: 51,
      deliveriesReceived: 11,
    });
    expect(ids(above, 'restaurant')).toEqual([
      'co2',
      'meals',
      'deliveries',
      'tokens',
      'receiverDeliveries',
    ]);
  });

  it('attaches the kilometre and family-day equivalences', () => {
    const [co2, meals] = impactMessages(stats({ co2Saved: 40.4, mealsDonated: 24 }), 'mess');
    expect(co2).toEqual({ id: 'co2', value: 40.4, equivalent: expect.closeTo(160.96, 2) });
    expect(meals).toEqual({ id: 'meals', value: 24, equivalent: 2 });
  });

  it("reads the role's own CO2 figure", () => {
    const s = stats({ co2Saved: 0, volunteerCo2: 11 });
    expect(ids(s, 'volunteer')).toEqual(['co2']);
    expect(ids(s, 'restaurant')).toEqual([]);
  });
});
