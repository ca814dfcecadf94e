import {
  ANALYTICS_RANGE_DAYS,
  DEFAULT_ANALYTICS_RANGE,
  FULFILMENT_WINDOW_DAYS,
  VOLUNTEER_DEFAULT_ANALYTICS_RANGE,
  VOLUNTEER_WEEKLY_TARGET,
  WEEKLY_TARGET,
  type AnalyticsRange,
} from '../constants/impact.js';
import { isVolunteerRole, type Role } from '../constants/roles.js';
import { toEpochMs, type Instant } from './expiry.js';

/** Milliseconds in a day. */
export const MS_PER_DAY = 86_400_000;

/** Days covered by an analytics range ("All" is 3650 days). */
export function rangeDays(range: AnalyticsRange): number {
  return ANALYTICS_RANGE_DAYS[range];
}

/** The range preselected for a role: volunteers see 90 days, everyone else 30. */
export function defaultRangeFor(role: Role): AnalyticsRange {
  return isVolunteerRole(role) ? VOLUNTEER_DEFAULT_ANALYTICS_RANGE : DEFAULT_ANALYTICS_RANGE;
}

/** The range to use: the one asked for, or the role's default. */
export function resolveRange(range: AnalyticsRange | undefined, role: Role): AnalyticsRange {
  return range ?? defaultRangeFor(role);
}

/** First instant of a range ending now: now minus the range's days. */
export function rangeStart(now: Instant, range: AnalyticsRange): Date {
  return new Date(toEpochMs(now) - rangeDays(range) * MS_PER_DAY);
}

/** Weekly target of the analytics bar: 5 for volunteers, 3 for everyone else. */
export function weeklyTargetFor(role: Role): number {
  return isVolunteerRole(role) ? VOLUNTEER_WEEKLY_TARGET : WEEKLY_TARGET;
}

/**
 * Start of the week the weekly target counts: the last 7 days, a rolling window, so it does not
 * depend on the user's time zone or on which day a week starts.
 */
export function weekStart(now: Instant): Date {
  return new Date(toEpochMs(now) - 7 * MS_PER_DAY);
}

/** Progress towards the weekly target: the count, the target and the bar's fill (0..1). */
export function weeklyProgress(
  countThisWeek: number,
  role: Role,
): { count: number; target: number; progress: number } {
  const target = weeklyTargetFor(role);
  const count = Math.max(0, countThisWeek);
  return { count, target, progress: Math.min(1, count / target) };
}

/** Start of the receivers' fulfilment window: now minus 30 days. */
export function fulfilmentWindowStart(now: Instant): Date {
  return new Date(toEpochMs(now) - FULFILMENT_WINDOW_DAYS * MS_PER_DAY);
}

/** Share of a receiver's requests in the window that were fulfilled (0 when there were none). */
export function fulfilmentRate(fulfilled: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, fulfilled) / total);
}
