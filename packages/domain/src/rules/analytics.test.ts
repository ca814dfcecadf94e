import { describe, expect, it } from 'vitest';
import { ANALYTICS_RANGES } from '../constants/impact.js';
import {
  defaultRangeFor,
  fulfilmentRate,
  fulfilmentWindowStart,
  rangeDays,
  rangeStart,
  resolveRange,
  weekStart,
  weeklyProgress,
  weeklyTargetFor,
} from './analytics.js';

const now = '2025-03-31T12:00:00.000Z';

describe('rangeDays', () => {
  it('maps 7, 30, 90 and All to days, All being 3650', () => {
    expect(ANALYTICS_RANGES.map(rangeDays)).toEqual([7, 30, 90, 3650]);
  });
});

describe('defaultRangeFor and resolveRange', () => {
  it('defaults volunteers to 90 days and everyone else to 30', () => {
    expect(defaultRangeFor('volunteer')).toBe('90');
    for (const role of [
      'restaurant',
      'individual',
      'mess',
      'foodbank',
      'nursery',
      'admin',
    ] as const) {
      expect(defaultRangeFor(role)).toBe('30');
    }
  });

  it('keeps an explicit range', () => {
    expect(resolveRange('7', 'volunteer')).toBe('7');
    expect(resolveRange(undefined, 'volunteer')).toBe('90');
    expect(resolveRange(undefined, 'poultry')).toBe('30');
  });
});

describe('rangeStart', () => {
  it('goes back the number of days of the range', () => {
    expect(rangeStart(now, '7').toISOString()).toBe('2025-03-24T12:00:00.000Z');
    expect(rangeStart(now, '30').toISOString()).toBe('2025-03-01T12:00:00.000Z');
    expect(rangeStart(now, 'all').getTime()).toBe(Date.parse(now) - 3650 * 86_400_000);
  });
});

describe('weekly target', () => {
  it('is 5 for volunteers and 3 for others', () => {
    expect(weeklyTargetFor('volunteer')).toBe(5);
    expect(weeklyTargetFor('restaurant')).toBe(3);
    expect(weeklyTargetFor('foodbank')).toBe(3);
  });

  it('fills the bar and caps it at the target', () => {
    expect(weeklyProgress(0, 'restaurant')).toEqual({ count: 0, target: 3, progress: 0 });
    expect(weeklyProgress(2, 'volunteer').progress).toBeCloseTo(0.4, 10);
    expect(weeklyProgress(3, 'restaurant').progress).toBe(1);
    expect(weeklyProgress(8, 'restaurant')).toEqual({ count: 8, target: 3, progress: 1 });
  });

  it('counts the last 7 days', () => {
    expect(weekStart(now).toISOString()).toBe('2025-03-24T12:00:00.000Z');
  });
});

describe('fulfilment', () => {
  it('looks back 30 days', () => {
    expect(fulfilmentWindowStart(now).toISOString()).toBe('2025-03-01T12:00:00.000Z');
  });

  it('is the fulfilled share, 0 with no requests', () => {
    expect(fulfilmentRate(0, 0)).toBe(0);
    expect(fulfilmentRate(3, 4)).toBe(0.75);
    expect(fulfilmentRate(4, 4)).toBe(1);
    expect(fulfilmentRate(5, 4)).toBe(1);
  });
});
