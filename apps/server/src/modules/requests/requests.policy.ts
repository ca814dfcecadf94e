// Who may do what to which request. Pure: the routes ask `mayAttempt` before reading the input
// (by role alone), the services ask `authorize` once the rows are locked (role and relation).
import {
  DONOR_ROLES,
  RECEIVER_ROLES,
  REQUESTER_ROLES,
  hasAnyRole,
  isContactWindowOpen,
  type ErrorCode,
  type FeedbackKind,
  type Role,
} from '@annasetu/domain';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** Every move and read of the requests module. */
export type RequestAction =
  | 'list'
  | 'listIncoming'
  | 'trip'
  | 'accept'
  | 'reject'
  | 'withdraw'
  | 'grab'
  | 'release'
  | 'collect'
  | 'complete'
  | 'acceptDelivery'
  | 'confirmReceipt'
  | 'rate';

/** Destinations receive deliveries: receivers and individuals. */
const DESTINATION_ROLES = [...RECEIVER_ROLES, 'individual'] as const satisfies readonly Role[];

/** The roles that may attempt each action; `'any'` for every signed-in user. */
export const REQUEST_ACTION_ROLES: Record<RequestAction, readonly Role[] | 'any'> = {
  list: 'any',
  listIncoming: DESTINATION_ROLES,
  // The jobs one carries: a volunteer's grabs, a donor's self deliveries.
  trip: ['volunteer', ...DONOR_ROLES],
  accept: DONOR_ROLES,
  reject: DONOR_ROLES,
  withdraw: REQUESTER_ROLES,
  grab: ['volunteer'],
  release: ['volunteer'],
  collect: ['volunteer'],
  complete: ['volunteer'],
  acceptDelivery: DESTINATION_ROLES,
  confirmReceipt: DESTINATION_ROLES,
  // After fulfilment: the donor rates the pickup, the destination the food (decision 0058).
  rate: [...new Set([...DONOR_ROLES, ...DESTINATION_ROLES])],
};

/**
 * What an anonymous caller is told for an action (the seed's wording for grabbing and
 * collecting); every other action answers UNAUTHENTICATED.
 */
export const SIGN_IN_CODE: Partial<Record<RequestAction, ErrorCode>> = {
  grab: 'VOLUNTEER_LOGIN_REQUIRED',
  collect: 'LOGIN_REQUIRED_TO_COLLECT',
};

/** The records an action is judged on: the request, its donation, or both. */
export interface RequestRecord {
  request?: Pick<
    RequestRow,
    'requesterId' | 'volunteerId' | 'destinationUserId' | 'isVolunteerRequest' | 'isSelfDelivery'
  >;
  donation?: Pick<DonationRow, 'donorId' | 'volunteerId'>;
}

/** True when the user's role may attempt `action` at all (before any record is read). */
export function mayAttempt(user: Pick<UserRow, 'role'>, action: RequestAction): boolean {
  const roles = REQUEST_ACTION_ROLES[action];
  return roles === 'any' || hasAnyRole(user.role, roles);
}

/** True when the user stands in the relation to the record that `action` requires. */
function isRelated(user: Actor, action: RequestAction, { request, donation }: RequestRecord) {
  switch (action) {
    case 'accept':
    case 'reject':
      // Only the donor of the donation decides on its requests.
      return donation?.donorId === user.id;
    case 'withdraw':
      // The requester's own request; a volunteer's grab is released, not withdrawn.
      return request?.requesterId === user.id && !request.isVolunteerRequest;
    case 'release':
      return donation?.volunteerId === user.id;
    case 'collect':
      // The volunteer holding both the donation and the request.
      return request?.volunteerId === user.id && donation?.volunteerId === user.id;
    case 'complete':
      return request?.volunteerId === user.id;
    case 'acceptDelivery':
    case 'confirmReceipt':
      return request?.destinationUserId === user.id;
    case 'rate':
      return feedbackKindFor(user, { request, donation }) !== null;
    case 'list':
    case 'listIncoming':
    case 'trip':
    case 'grab':
      // Lists are filtered to the user's own requests; any volunteer may grab an open donation.
      return true;
  }
}

/**
 * What `user` rates on a request once it is fulfilled: the destination rates the food (its
 * donor), the donor rates the pickup (its volunteer; a self delivery has none); anyone else
 * nothing. The status is the service's check, so the presenter can ask before fulfilment too.
 */
export function feedbackKindFor(
  user: Pick<UserRow, 'id'>,
  { request, donation }: RequestRecord,
): FeedbackKind | null {
  if (!request) return null;
  if (request.destinationUserId === user.id) return 'food';
  if (donation?.donorId === user.id && request.volunteerId !== null && !request.isSelfDelivery)
    return 'pickup';
  return null;
}

/** The person a rating of `kind` on the request is about: the donor, or the volunteer. */
export function ratedUserOf(
  kind: FeedbackKind,
  row: Pick<RequestRow, 'donorId' | 'volunteerId'>,
): string | null {
  return kind === 'food' ? row.donorId : row.volunteerId;
}

/** May `user` do `action` to `record`? Role first, then the relation to the record. */
export function can(user: Actor, action: RequestAction, record: RequestRecord = {}): boolean {
  return mayAttempt(user, action) && isRelated(user, action, record);
}

/** `can`, as a 403 FORBIDDEN when not. */
export function authorize(user: Actor, action: RequestAction, record: RequestRecord): void {
  if (!can(user, action, record)) throw new AppError('FORBIDDEN');
}

/** Admins list every request (for support); everyone else only those they take part in. */
export function seesEveryRequest(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'admin';
}

type Parties = Pick<RequestRow, 'requesterId' | 'donorId' | 'volunteerId' | 'destinationUserId'>;

/** True when the user is the requester, donor, volunteer or destination of the request. */
export function isRequestParty(user: Pick<UserRow, 'id'>, row: Parties): boolean {
  return [row.requesterId, row.donorId, row.volunteerId, row.destinationUserId].includes(user.id);
}

/** Whose contact details a viewer of a request sees (rules 4b); see `requestDetailsView`. */
export interface RequestDetailsView {
  requester: boolean;
  /** The requester's address and exact point: never a volunteer's home, except to themself. */
  requesterHome: boolean;
  donor: boolean;
  volunteer: boolean;
  destination: boolean;
}

/**
 * Each party sees their own details; the other parties' only while the request ties them
 * (accepted, collected, or fulfilled less than 7 days ago), and admins always.
 */
export function requestDetailsView(
  viewer: Actor,
  row: Parties & Pick<RequestRow, 'isVolunteerRequest' | 'status' | 'updatedAt'>,
  now = Date.now(),
): RequestDetailsView {
  const matched =
    seesEveryRequest(viewer) || (isRequestParty(viewer, row) && isContactWindowOpen(row, now));
  const sees = (partyId: string | null) => partyId === viewer.id || matched;
  const requester = sees(row.requesterId);
  return {
    requester,
    requesterHome: row.requesterId === viewer.id || (requester && !row.isVolunteerRequest),
    donor: sees(row.donorId),
    volunteer: sees(row.volunteerId),
    destination: sees(row.destinationUserId),
  };
}
