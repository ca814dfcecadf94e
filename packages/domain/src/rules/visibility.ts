import type { Coordinates } from '../schemas/common.js';

// Who sees whose details (product rules 4b, decision 0021). Before a match, another person is a
// name or organisation, a locality, a distance and a point rounded to about 1 km; email, phone,
// exact address and exact point only reach the parties of a live match.

/** Days after a delivery ends during which its parties still see each other's contact details. */
export const CONTACT_GRACE_DAYS = 7;

/** Request statuses that tie the donor, the requester, the volunteer and the destination. */
export const MATCHED_REQUEST_STATUSES = ['accepted', 'collected', 'fulfilled'] as const;

/** Decimal places of a point shown to someone not matched: 0.01 degree is about 1.1 km. */
export const APPROXIMATE_POINT_DECIMALS = 2;

/** Step a distance to an approximate point is rounded to, in km. */
export const APPROXIMATE_DISTANCE_STEP_KM = 0.5;

const PIN_CODE = /\b\d{3}\s?\d{3}\b/g;
const COUNTRY = /^(india|भारत|ਭਾਰਤ|ভারত|భారతదేశం|ಭಾರತ)$/iu;
const SEPARATORS = /[,،，\n;|]+/u;
const HAS_DIGIT = /\p{Nd}/u;

/**
 * The locality of an address, without a geocoder: the parts after the first comma-separated
 * part (which holds the house and street), minus PIN codes, the country and any part with a
 * digit, at most the last two ("Park Circus, Kolkata"). An address without commas gives its
 * last word without digits (usually the city). Never returns the house or street part.
 */
export function localityOf(address: string | null | undefined): string {
  if (!address) return '';
  const parts = address
    .split(SEPARATORS)
    .map((p) => p.replace(PIN_CODE, '').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '' && p !== '-' && !COUNTRY.test(p));
  const after = parts.slice(1).filter((p) => !HAS_DIGIT.test(p));
  if (after.length > 0) return after.slice(-2).join(', ');
  const words = (parts[0] ?? '').split(' ').filter((w) => w.length > 1 && !HAS_DIGIT.test(w));
  return parts.length === 1 && words.length > 1 ? words[words.length - 1]! : '';
}

/**
 * A point rounded to about 1 km, for anyone who may not see the exact one. `floor(x + 0.5)` is
 * the very arithmetic of the database's stored rounded point (donations.pickup_lat_approx), so
 * the feeds filter on exactly the point they show.
 */
export function approximatePoint(point: Coordinates | null): Coordinates | null {
  if (!point) return null;
  const factor = 10 ** APPROXIMATE_POINT_DECIMALS;
  return {
    lat: Math.floor(point.lat * factor + 0.5) / factor,
    lng: Math.floor(point.lng * factor + 0.5) / factor,
  };
}

/** A distance to an approximate point, rounded to half a kilometre. */
export function roundApproximateDistanceKm(km: number): number {
  return Math.round(km / APPROXIMATE_DISTANCE_STEP_KM) * APPROXIMATE_DISTANCE_STEP_KM;
}

/** The facts of a request that decide whether its parties see each other's details. */
export interface ContactWindowRequest {
  status: string;
  updatedAt: Date;
}

/**
 * Whether a request still ties its parties: accepted or collected (the work is live), or
 * fulfilled less than CONTACT_GRACE_DAYS ago.
 */
export function isContactWindowOpen(request: ContactWindowRequest, now = Date.now()): boolean {
  if (request.status === 'accepted' || request.status === 'collected') return true;
  if (request.status !== 'fulfilled') return false;
  return now - request.updatedAt.getTime() < CONTACT_GRACE_DAYS * 24 * 60 * 60 * 1000;
}
