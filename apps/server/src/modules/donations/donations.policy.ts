import {
  DONOR_ROLES,
  REQUESTER_ROLES,
  VOLUNTEER_ROLES,
  hasAnyRole,
  isContactWindowOpen,
  isOpenForRequests,
  isOpenForVolunteers,
} from '@annasetu/domain';
import type { DonationRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
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

/** `feedFor`, as a 403 FORBIDDEN for a role with no feed. */
export function authorizeFeed(user: UserRow): Feed {
  const feed = feedFor(user);
  if (!feed) throw new AppError('FORBIDDEN');
  return feed;
}

/** The donor's own moves on their donation (delete, extend, switch delivery): 403 for anyone else. */
export function authorizeOwner(user: UserRow, donation: DonationRow): void {
  if (!isDonationOwner(user, donation)) throw new AppError('FORBIDDEN');
}

/**
 * May `user` see `donation` at all? Its donor and admins always; others while it is open in
 * their feed, the volunteer holding it, and the parties of a request on it (`isParty`, asked only
 * when nothing else decides).
 */
export async function canView(
  user: UserRow,
  donation: DonationRow,
  isParty: () => Promise<boolean>,
  now = Date.now(),
): Promise<boolean> {
  if (isDonationOwner(user, donation) || canSeeAnyDonation(user)) return true;
  const feed = feedFor(user);
  if (feed?.kind === 'volunteer' && isOpenForVolunteers(donation, now)) return true;
  if (feed?.kind === 'receiver' && isOpenForRequests(donation, now)) return true;
  if (donation.volunteerId === user.id) return true;
  return isParty();
}

/** An admin reading another donor's private details: such reads go to the event log. */
export function isPrivateRead(user: UserRow, donation: DonationRow): boolean {
  return canSeeAnyDonation(user) && !isDonationOwner(user, donation);
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
