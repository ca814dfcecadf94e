import {
  DONOR_ROLES,
  REQUESTER_ROLES,
  VOLUNTEER_ROLES,
  hasAnyRole,
  isContactWindowOpen,
} from '@annasetu/domain';
import type { DonationRow, UserRow } from '../../db/schema/index.js';
import type { Feed } from './nearby.queries.js';

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

/** How much of another person a response shows: everything, or the public view (rules 4b). */
export type DetailsView = 'full' | 'public';

/** A request the caller is a party to, as the contact rule needs it. */
export interface PartyRequest {
  status: string;
  updatedAt: Date;
  requesterId: string;
  volunteerId: string | null;
  destinationUserId: string | null;
}

/**
 * The view of a donation's donor a user gets: full for the donor, an admin (whose read the route
 * logs) and the parties of a live match on it (the volunteer holding it, the accepted requester,
 * the destination, until 7 days after delivery); public for everyone else.
 */
export function donationDetailsView(
  user: UserRow,
  donation: DonationRow,
  partyRequests: readonly PartyRequest[],
  now = Date.now(),
): DetailsView {
  if (isDonationOwner(user, donation) || canSeeAnyDonation(user)) return 'full';
  const matched = partyRequests.some(
    (r) =>
      isContactWindowOpen(r, now) &&
      (r.requesterId === user.id || r.volunteerId === user.id || r.destinationUserId === user.id),
  );
  return matched ? 'full' : 'public';
}
