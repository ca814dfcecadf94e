/** Milliseconds in an hour, for expiry arithmetic. */
export const MS_PER_HOUR = 3_600_000;

/** A point in time as the layers hold it: a Date, an ISO string from JSON, or epoch ms. */
export type Instant = Date | string | number;

/** Epoch milliseconds of an instant; throws on an unparseable value rather than comparing NaN. */
export function toEpochMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return ms;
}

/** When a donation stops being safe to hand out: createdAt + expiryHours (seed section 5). */
export function expiryTimeFor(createdAt: Instant, expiryHours: number): Date {
  if (!Number.isFinite(expiryHours) || expiryHours < 0) {
    throw new RangeError(`expiryHours must be a finite number >= 0, got ${expiryHours}`);
  }
  return new Date(toEpochMs(createdAt) + expiryHours * MS_PER_HOUR);
}

/** True from the expiry instant on: at expiryTime the food's holding time is over. */
export function isExpired(expiryTime: Instant, now: Instant): boolean {
  return toEpochMs(now) >= toEpochMs(expiryTime);
}

/** Time left before expiry, 0 once expired (for "expires in" labels). */
export function msUntilExpiry(expiryTime: Instant, now: Instant): number {
  return Math.max(0, toEpochMs(expiryTime) - toEpochMs(now));
}

/**
 * Whether the expiry job must move this donation to expired. Only pending donations expire: a
 * donation someone already accepted or grabbed is on its way and keeps going.
 */
export function shouldExpire(
  donation: { status: string; expiryTime: Instant },
  now: Instant,
): boolean {
  return donation.status === 'pending' && isExpired(donation.expiryTime, now);
}
