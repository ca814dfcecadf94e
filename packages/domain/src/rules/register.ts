import { toEpochMs, type Instant } from './expiry.js';

/**
 * India Standard Time is UTC+05:30 all year (no daylight saving), so a day in India starts at a
 * fixed instant: the register's periods are counted in it (decision 0063).
 */
export const INDIA_UTC_OFFSET_MINUTES = 330;
const OFFSET_MS = INDIA_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The instant a YYYY-MM-DD day starts in India. */
export function indiaDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS);
}

/**
 * The instants a period of India days covers: from the start of `from` up to (not including) the
 * start of the day after `to`.
 */
export function periodBounds(period: { from: string; to: string }): { start: Date; end: Date } {
  return {
    start: indiaDayStart(period.from),
    end: new Date(indiaDayStart(period.to).getTime() + DAY_MS),
  };
}

/** The India day (YYYY-MM-DD) an instant falls on. */
export function indiaDate(instant: Instant): string {
  return new Date(toEpochMs(instant) + OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * An instant as India date and time, "YYYY-MM-DD HH:MM": the form spreadsheet programs read as a
 * date and time, and the same on every machine the register is opened on.
 */
export function indiaDateTime(instant: Instant): string {
  const shifted = new Date(toEpochMs(instant) + OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

/**
 * The instant whose UTC clock reads India's wall clock at `instant`: formatted with
 * `timeZone: 'UTC'`, it shows India time on any device (browsers without a time-zone database
 * included).
 */
export function indiaWallClock(instant: Instant): Date {
  return new Date(toEpochMs(instant) + OFFSET_MS);
}
