import { describe, expect, it } from 'vitest';
import { EMPTY_USER_STATS, type UserStats } from '../schemas/stats.js';
import { familyDays, headlineFigures, impactMessages, milesNotDriven } from './impact.js';

const stats = (over: Partial<UserStats>): UserStats => ({ ...EMPTY_USER_STATS, ...over });
const ids = (s: UserStats, role: Parameters<typeof impactMessages>[1]) =>
  impactMessages(s, role).map((m) => m.id);

describe('equivalences', () => {
  it('turns 404 g of CO2 into one mile not driven', () => {
    expect(milesNotDriven(0.404)).toBeCloseTo(1, 10);
    expect(milesNotDriven(101)).toBeCloseTo(250, 10);
    expect(milesNotDriven(0)).toBe(0);
    expect(milesNotDriven(-5)).toBe(0);
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

  it('attaches the miles and family-day equivalences', () => {
    const [co2, meals] = impactMessages(stats({ co2Saved: 40.4, mealsDonated: 24 }), 'mess');
    expect(co2).toEqual({ id: 'co2', value: 40.4, equivalent: expect.closeTo(100, 9) });
    expect(meals).toEqual({ id: 'meals', value: 24, equivalent: 2 });
  });

  it("reads the role's own CO2 figure", () => {
    const s = stats({ co2Saved: 0, volunteerCo2: 11 });
    expect(ids(s, 'volunteer')).toEqual(['co2']);
    expect(ids(s, 'restaurant')).toEqual([]);
  });
});
