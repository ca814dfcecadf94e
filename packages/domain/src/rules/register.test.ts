import { describe, expect, it } from 'vitest';
import { registerCsvQuerySchema, registerQuerySchema } from '../schemas/handover.js';
import {
  indiaDate,
  indiaDateTime,
  indiaDayStart,
  indiaWallClock,
  periodBounds,
} from './register.js';

describe('register periods in India time', () => {
  it('starts an India day at 18:30 UTC the day before', () => {
    expect(indiaDayStart('2026-11-01').toISOString()).toBe('2026-10-31T18:30:00.000Z');
  });

  it('covers both ends of a period, up to the start of the next day', () => {
    const { start, end } = periodBounds({ from: '2026-11-01', to: '2026-11-30' });
    expect(start.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T18:30:00.000Z');
  });

  it('puts a late-evening UTC instant on the next India day', () => {
    expect(indiaDate('2026-11-30T18:29:59Z')).toBe('2026-11-30');
    expect(indiaDate('2026-11-30T18:30:00Z')).toBe('2026-12-01');
    expect(indiaDateTime('2026-11-30T18:45:00Z')).toBe('2026-12-01 00:15');
    expect(indiaWallClock('2026-11-30T18:45:00Z').toISOString()).toBe('2026-12-01T00:15:00.000Z');
  });
});

describe('registerQuerySchema', () => {
  const code = (input: unknown) => {
    const result = registerQuerySchema.safeParse(input);
    return result.success ? 'ok' : result.error.issues[0]!.message;
  };

  it('accepts a day, a month and a leap year', () => {
    expect(code({ from: '2026-11-05', to: '2026-11-05' })).toBe('ok');
    expect(code({ from: '2026-11-01', to: '2026-11-30' })).toBe('ok');
    expect(code({ from: '2028-01-01', to: '2028-12-31' })).toBe('ok');
  });

  it.each([
    [{ from: '2026-11-31', to: '2026-12-01' }, 'PERIOD_DATE_INVALID'],
    [{ from: '01/11/2026', to: '2026-12-01' }, 'PERIOD_DATE_INVALID'],
    [{ from: '2026-11-01' }, 'PERIOD_DATE_INVALID'],
    [{ from: '2026-11-02', to: '2026-11-01' }, 'PERIOD_INVALID'],
    [{ from: '2026-01-01', to: '2027-01-02' }, 'PERIOD_INVALID'],
  ])('refuses %j with %s', (input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it('takes a language for the CSV only', () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    expect(registerCsvQuerySchema.safeParse({ ...period, language: 'hi' }).success).toBe(true);
    expect(registerCsvQuerySchema.safeParse({ ...period, language: 'xx' }).success).toBe(false);
    expect(registerQuerySchema.safeParse({ ...period, language: 'hi' }).success).toBe(false);
  });
});
