import { DateTime } from 'luxon';
import rrulePkg from 'rrule';
import type { SeriesSchedule, Weekday } from '@annasetu/domain';
import { AppError, invalidField } from '../../lib/errors.js';

// rrule ships CommonJS for Node; its named exports come through the default import.
const { RRule, Frequency } = rrulePkg;
type RRuleInstance = InstanceType<typeof RRule>;

/** What the expansion needs to know about a series (a row or a validated input). */
export interface ScheduleFacts {
  rrule: string;
  timeOfDay: string;
  timeZone: string;
  startsOn: string;
  endsOn: string | null;
}

// The rule is expanded on "floating" wall-clock times: rrule works in UTC fields that stand for
// the donor's local date and time, and luxon turns each into a real instant in the donor's zone
// (so 19:00 stays 19:00 local across a DST change). This is the use rrule documents for zones.
const floating = (dt: DateTime): Date =>
  new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));

const toInstant = (wall: Date, zone: string): Date =>
  DateTime.fromObject(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    },
    { zone },
  ).toJSDate();

/** The RRULE parts a schedule input stands for (`FREQ=DAILY`, `FREQ=WEEKLY;BYDAY=MO,WE`, ...). */
export function ruleTextFor(schedule: Pick<SeriesSchedule, 'frequency' | 'weekdays' | 'rrule'>) {
  if (schedule.frequency === 'daily') return 'FREQ=DAILY';
  if (schedule.frequency === 'weekdays') {
    const order = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    const days = order.filter((d) => schedule.weekdays!.includes(d as Weekday));
    return `FREQ=WEEKLY;BYDAY=${days.join(',')}`;
  }
  return schedule.rrule!.replace(/^RRULE:/i, '').toUpperCase();
}

// Parts the donor may not set in an advanced rule: the time of day and start come from the form,
// and anything finer than a day would post food every hour.
const FORBIDDEN_PARTS = new Set(['DTSTART', 'TZID', 'BYHOUR', 'BYMINUTE', 'BYSECOND', 'UNTIL']);

function buildRule(facts: ScheduleFacts): RRuleInstance {
  let options: ReturnType<typeof RRule.parseString>;
  try {
    for (const part of facts.rrule.split(';')) {
      const [name] = part.split('=');
      if (FORBIDDEN_PARTS.has((name ?? '').trim().toUpperCase())) {
        throw invalidField('rrule', 'SERIES_RULE_INVALID');
      }
    }
    options = RRule.parseString(facts.rrule);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidField('rrule', 'SERIES_RULE_INVALID');
  }
  if (options.freq === undefined) throw invalidField('rrule', 'SERIES_RULE_INVALID');
  if (
    options.freq === Frequency.HOURLY ||
    options.freq === Frequency.MINUTELY ||
    options.freq === Frequency.SECONDLY
  ) {
    throw invalidField('rrule', 'SERIES_RULE_TOO_FREQUENT');
  }
  const [hour, minute] = facts.timeOfDay.split(':').map(Number) as [number, number];
  const start = DateTime.fromISO(facts.startsOn, { zone: 'utc' });
  const end = facts.endsOn ? DateTime.fromISO(facts.endsOn, { zone: 'utc' }) : null;
  try {
    return new RRule({
      ...options,
      dtstart: new Date(Date.UTC(start.year, start.month - 1, start.day, hour, minute)),
      byhour: [hour],
      byminute: [minute],
      bysecond: [0],
      until: end ? new Date(Date.UTC(end.year, end.month - 1, end.day, 23, 59, 59)) : null,
    });
  } catch {
    throw invalidField('rrule', 'SERIES_RULE_INVALID');
  }
}

/** Checks that a schedule expands (a valid rule, at most daily, with at least one occurrence). */
export function validateSchedule(facts: ScheduleFacts, now: Date): void {
  if (nextOccurrences(facts, now, 1).length === 0) {
    throw invalidField('rrule', 'SERIES_NO_OCCURRENCES');
  }
}

/** The first `count` occurrences strictly after `after`, as instants. */
export function nextOccurrences(facts: ScheduleFacts, after: Date, count: number): Date[] {
  const rule = buildRule(facts);
  const out: Date[] = [];
  let cursor = floating(DateTime.fromJSDate(after, { zone: facts.timeZone }));
  // Wall-clock comparison first, then the instant: a repeated hour at a DST change can map a
  // later wall time onto an earlier instant, which must not be returned twice.
  while (out.length < count) {
    const next: Date | null = rule.after(cursor, false);
    if (!next) break;
    cursor = next;
    const instant = toInstant(next, facts.timeZone);
    if (instant.getTime() > after.getTime()) out.push(instant);
  }
  return out;
}

/** The next occurrence strictly after `after`, or null when the rule has ended. */
export function nextOccurrence(facts: ScheduleFacts, after: Date): Date | null {
  return nextOccurrences(facts, after, 1)[0] ?? null;
}

/** Whether `at` is exactly an occurrence of the rule. */
export function isOccurrence(facts: ScheduleFacts, at: Date): boolean {
  const next = nextOccurrence(facts, new Date(at.getTime() - 1));
  return next !== null && next.getTime() === at.getTime();
}

/** The donor's local date (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function localParts(at: Date, zone: string): { date: string; time: string } {
  const dt = DateTime.fromJSDate(at, { zone });
  return { date: dt.toISODate()!, time: dt.toFormat('HH:mm') };
}

/** Today's date in a zone (a series starts today unless told otherwise). */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}
