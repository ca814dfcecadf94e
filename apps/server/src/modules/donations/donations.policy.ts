import { DONOR_ROLES, REQUESTER_ROLES, VOLUNTEER_ROLES, hasAnyRole } from '@annasetu/domain';
import type { DonationRow, UserRow } from '../../db/schema/index.js';
import type { Feed } from './donations.queries.js';

/** Who may post donations: donors (restaurant, individual, mess). */
export const CAN_DONATE = DONOR_ROLES;
/** Who may request donations: receivers and individuals. */
export const CAN_REQUEST = REQUESTER_ROLES;

/** The available-donations feed a user sees, or null when their role has none. */
export function feedFor(user: UserRow): Feed | null {
  if (hasAnyRole(user.role, VOLUNTEER_ROLES)) return { kind: 'volunteer' };
  // Individuals both donate and request: their own donations never appear in their feed.
  if (hasAnyRole(user.role, REQUESTER_ROLES)) return { kind: 'receiver', excludeDonorId: user.id };
  if (user.role === 'admin') return { kind: 'receiver' };
  return null;
}

/** The donor (and an admin) may see every detail of a donation at any time. */
export function isDonationOwner(user: UserRow, donation: DonationRow): boolean {
  return donation.donorId === user.id;
}

export function canSeeAnyDonation(user: UserRow): boolean {
  return user.role === 'admin';
}
