import {
  NO_SHOW_DEMOTE_AFTER,
  NO_SHOW_HANDBACK_MINUTES,
  NO_SHOW_HOLD_MINUTES,
  NO_SHOW_MIN_HOLD_MINUTES,
  NO_SHOW_REMINDER_LEAD_MINUTES,
} from '../constants/no-shows.js';

const MINUTE = 60_000;

/** When a grab must be collected by, and when its volunteer is reminded. */
export interface PickupDeadline {
  remindAt: Date;
  collectBy: Date;
}

/**
 * The deadline of a grab made at `grabbedAt` on food that expires at `expiryTime`: the earlier of
 * the hold limit and the hand-back point before expiry, but never sooner than the minimum hold.
 * The reminder is the lead time before it, or half-way through a hold shorter than twice that.
 */
export function pickupDeadline(grabbedAt: Date, expiryTime: Date): PickupDeadline {
  const grabbed = grabbedAt.getTime();
  const latest = Math.min(
    grabbed + NO_SHOW_HOLD_MINUTES * MINUTE,
    expiryTime.getTime() - NO_SHOW_HANDBACK_MINUTES * MINUTE,
  );
  const collectBy = Math.max(latest, grabbed + NO_SHOW_MIN_HOLD_MINUTES * MINUTE);
  const remindAt = Math.max(
    collectBy - NO_SHOW_REMINDER_LEAD_MINUTES * MINUTE,
    grabbed + (collectBy - grabbed) / 2,
  );
  return { remindAt: new Date(remindAt), collectBy: new Date(collectBy) };
}

/** A volunteer's place group in coverage alerts: 0 first, 1 after everyone in group 0. */
export function alertTier(noShows: number): 0 | 1 {
  return noShows >= NO_SHOW_DEMOTE_AFTER ? 1 : 0;
}

/**
 * The order volunteers are alerted in: repeat no-shows after the others, then nearest first, then
 * by id so the order is stable.
 */
export function compareForAlert(
  a: { id: string; distanceKm: number; noShows: number },
  b: { id: string; distanceKm: number; noShows: number },
): number {
  return (
    alertTier(a.noShows) - alertTier(b.noShows) ||
    a.distanceKm - b.distanceKm ||
    a.id.localeCompare(b.id)
  );
}
