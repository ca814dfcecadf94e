import { isExpired, type Instant } from './expiry.js';

/** The donation fields that decide who may still take it. */
export interface AvailabilityFacts {
  status: string;
  expiryTime: Instant;
  deliveryMethod: string;
  volunteerId: string | null;
}

/**
 * Receivers may request a donation while it is pending and not past its expiry time, even if the
 * expiry job has not run yet (reads never show expired food as available).
 */
export function isOpenForRequests(donation: AvailabilityFacts, now: Instant): boolean {
  return donation.status === 'pending' && !isExpired(donation.expiryTime, now);
}

/**
 * The volunteer feed: volunteer-delivery donations that nobody carries yet, pending or already
 * accepted for a receiver, and still within their holding time.
 */
export function isOpenForVolunteers(donation: AvailabilityFacts, now: Instant): boolean {
  return (
    donation.deliveryMethod === 'volunteer' &&
    donation.volunteerId === null &&
    (donation.status === 'pending' || donation.status === 'accepted') &&
    !isExpired(donation.expiryTime, now)
  );
}
