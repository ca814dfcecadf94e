import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/errors.js';
import { isOccurrence, nextOccurrences, ruleTextFor, validateSchedule } from './series.schedule.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('series schedule expansion', () => {
  it('keeps 19:00 in Asia/Kolkata at 13:30 UTC every day (no DST)', () => {
    const facts = {
      rrule: 'FREQ=DAILY',
      timeOfDay: '19:00',
      timeZone: 'Asia/Kolkata',
      startsOn: '2027-03-26',
      endsOn: null,
    };
    expect(iso(nextOccurrences(facts, new Date('2027-03-20T00:00:00Z'), 4))).toEqual([
      '2027-03-26T13:30:00.000Z',
      '2027-03-27T13:30:00.000Z',
      '2027-03-28T13:30:00.000Z',
      '2027-03-29T13:30:00.000Z',
    ]);
  });

  it('keeps 19:00 on the wall clock in Europe/London across the spring DST change', () => {
    const facts = {
      rrule: 'FREQ=DAILY',
      timeOfDay: '19:00',
      timeZone: 'Europe/London',
      startsOn: '2027-03-26',
      endsOn: '2027-03-29',
    };
    // Clocks go forward on Sunday 28 March 2027: 19:00 GMT, then 19:00 BST = 18:00 UTC.
    expect(iso(nextOccurrences(facts, new Date('2027-03-20T00:00:00Z'), 10))).toEqual([
      '2027-03-26T19:00:00.000Z',
      '2027-03-27T19:00:00.000Z',
      '2027-03-28T18:00:00.000Z',
      '2027-03-29T18:00:00.000Z',
    ]);
  });

  it('posts on the chosen weekdays only, in calendar order', () => {
    const rrule = ruleTextFor({ frequency: 'weekdays', weekdays: ['FR', 'MO'] });
    expect(rrule).toBe('FREQ=WEEKLY;BYDAY=MO,FR');
    const facts = {
      rrule,
      timeOfDay: '21:15',
      timeZone: 'Asia/Kolkata',
      startsOn: '2027-03-01',
      endsOn: null,
    };
    expect(iso(nextOccurrences(facts, new Date('2027-03-01T00:00:00Z'), 3))).toEqual([
      '2027-03-01T15:45:00.000Z', // Monday
      '2027-03-05T15:45:00.000Z', // Friday
      '2027-03-08T15:45:00.000Z', // Monday
    ]);
    expect(isOccurrence(facts, new Date('2027-03-05T15:45:00.000Z'))).toBe(true);
    expect(isOccurrence(facts, new Date('2027-03-04T15:45:00.000Z'))).toBe(false);
  });

  it('refuses rules that are malformed, finer than daily, set their own time or never occur', () => {
    const base = {
      timeOfDay: '19:00',
      timeZone: 'Asia/Kolkata',
      startsOn: '2027-03-01',
      endsOn: null,
    };
    const codeOf = (rrule: string, endsOn: string | null = null) => {
      try {
        validateSchedule({ ...base, rrule, endsOn }, new Date('2027-02-01T00:00:00Z'));
        return 'ok';
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(codeOf('FREQ=MONTHLY;BYMONTHDAY=1,15')).toBe('ok');
    expect(codeOf('FREQ=SOMETIMES')).toBe('SERIES_RULE_INVALID');
    expect(codeOf('BYDAY=MO')).toBe('SERIES_RULE_INVALID');
    expect(codeOf('FREQ=HOURLY')).toBe('SERIES_RULE_TOO_FREQUENT');
    expect(codeOf('FREQ=DAILY;BYHOUR=3')).toBe('SERIES_RULE_INVALID');
    expect(codeOf('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('SERIES_NO_OCCURRENCES');
    expect(codeOf('FREQ=DAILY', '2027-01-01')).toBe('SERIES_NO_OCCURRENCES');
  });
});
