import { SAFE_BY_RULES, type HoldingKind } from '../constants/food-safety.js';
import { MS_PER_HOUR, toEpochMs, type Instant } from './expiry.js';

/** What the safe-by time is computed from. */
export interface SafeByInput {
  holding: HoldingKind;
  /** When the food was prepared (the form's date and time, in the donor's time zone). */
  preparedAt: Instant;
  /** Packaged food's own use-by instant. */
  useBy?: Instant | null;
}

/**
 * Until when the food is fit for people by the holding rules alone (SAFE_BY_RULES), before the
 * seed's expiry caps it. Packaged food without a use-by date has none: null.
 */
export function foodSafeUntil(input: SafeByInput): Date | null {
  const rule = SAFE_BY_RULES[input.holding];
  if (rule.from === 'useBy') return input.useBy == null ? null : new Date(toEpochMs(input.useBy));
  return new Date(toEpochMs(input.preparedAt) + rule.hours * MS_PER_HOUR);
}

/**
 * "Safe for people until": the holding rule's time capped by the donation's expiry (the seed's
 * expiry hours are the upper bound). A donation that states no holding (posted before the rule,
 * or by an older app) has no safe-by time of its own: null, and only its expiry applies.
 */
export function safeForPeopleUntil(donation: {
  foodSafeUntil: Instant | null;
  expiryTime: Instant;
}): Date | null {
  if (donation.foodSafeUntil == null) return null;
  return new Date(Math.min(toEpochMs(donation.foodSafeUntil), toEpochMs(donation.expiryTime)));
}

/** True while the food may still go to people (a food bank); false from the safe-by instant on. */
export function isFitForPeopleAt(
  donation: { foodSafeUntil: Instant | null; expiryTime: Instant },
  now: Instant,
): boolean {
  const until = safeForPeopleUntil(donation);
  return until === null || toEpochMs(now) < until.getTime();
}
