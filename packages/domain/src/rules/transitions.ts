import {
  DONATION_STATUSES,
  REQUEST_STATUSES,
  type DonationStatus,
  type RequestStatus,
} from '../constants/statuses.js';
import { DomainError } from '../errors.js';

/**
 * Who triggers a transition, relative to the record: the donation's donor, the request's
 * requester, the volunteer carrying it, the destination receiving it, or the system (jobs).
 */
export const ACTORS = ['donor', 'requester', 'volunteer', 'destination', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/** The two state machines. */
export type TransitionKind = 'donation' | 'request';
/** The status type of each state machine. */
export type StatusOf<K extends TransitionKind> = K extends 'donation'
  ? DonationStatus
  : RequestStatus;

/** One allowed move, who may make it, and the event that causes it. */
export interface Transition<S extends string> {
  from: S;
  to: S;
  by: readonly Actor[];
  event: string;
}

/** Donation moves (seed section 4 and product section 5); anything else is refused. */
export const DONATION_TRANSITIONS: readonly Transition<DonationStatus>[] = [
  // A self delivery's request is created accepted, which accepts the donation too.
  {
    from: 'pending',
    to: 'accepted',
    by: ['donor', 'volunteer'],
    event: 'request accepted or grabbed',
  },
  { from: 'pending', to: 'expired', by: ['system'], event: 'expiry time passed' },
  // Release with no receiver waiting: the donation goes back to the open feeds.
  { from: 'accepted', to: 'pending', by: ['volunteer'], event: 'volunteer released' },
  // The destination records quality when it confirms a self delivery.
  { from: 'accepted', to: 'completed', by: ['volunteer', 'destination'], event: 'collected, good' },
  { from: 'accepted', to: 'rejected', by: ['volunteer', 'destination'], event: 'collected, bad' },
];

/** Request moves (seed section 4 and product section 5); anything else is refused. */
export const REQUEST_TRANSITIONS: readonly Transition<RequestStatus>[] = [
  // Donor accepts a receiver's request; a volunteer accepts its own volunteer request (grab).
  { from: 'pending', to: 'accepted', by: ['donor', 'volunteer'], event: 'accepted' },
  // Also when the donor accepts another request on the same donation.
  { from: 'pending', to: 'rejected', by: ['donor'], event: 'rejected' },
  // Requester withdraws; donor deletes the donation; the donation expires.
  { from: 'pending', to: 'cancelled', by: ['requester', 'donor', 'system'], event: 'cancelled' },
  // Donor deletes the donation; a volunteer releases its own volunteer request.
  { from: 'accepted', to: 'cancelled', by: ['donor', 'volunteer'], event: 'cancelled' },
  { from: 'accepted', to: 'collected', by: ['volunteer'], event: 'collected' },
  // Self delivery only (no volunteer): the destination confirms receipt. Policy checks that.
  { from: 'accepted', to: 'fulfilled', by: ['destination'], event: 'self delivery received' },
  { from: 'collected', to: 'fulfilled', by: ['volunteer', 'destination'], event: 'delivered' },
];

function tableOf(kind: TransitionKind): readonly Transition<string>[] {
  return kind === 'donation' ? DONATION_TRANSITIONS : REQUEST_TRANSITIONS;
}

function find(kind: TransitionKind, from: string, to: string): Transition<string> | undefined {
  return tableOf(kind).find((t) => t.from === from && t.to === to);
}

/** Whether the move is allowed at all, and for `by` when given. */
export function canTransition<K extends TransitionKind>(
  kind: K,
  from: StatusOf<K>,
  to: StatusOf<K>,
  by?: Actor,
): boolean {
  const transition = find(kind, from, to);
  return transition !== undefined && (by === undefined || transition.by.includes(by));
}

/**
 * Guards every status write. Throws DomainError INVALID_TRANSITION for a move the machine does
 * not have (including from === to: a repeat must be handled as idempotent before calling), and
 * FORBIDDEN when `by` is given but may not make this move.
 */
export function assertTransition<K extends TransitionKind>(
  kind: K,
  from: StatusOf<K>,
  to: StatusOf<K>,
  by?: Actor,
): void {
  const transition = find(kind, from, to);
  if (!transition) {
    throw new DomainError('INVALID_TRANSITION', `Cannot move a ${kind} from ${from} to ${to}.`);
  }
  if (by !== undefined && !transition.by.includes(by)) {
    throw new DomainError('FORBIDDEN');
  }
}

/** Statuses reachable from `from` (by `by` when given), for showing only possible actions. */
export function nextStatuses<K extends TransitionKind>(
  kind: K,
  from: StatusOf<K>,
  by?: Actor,
): StatusOf<K>[] {
  return tableOf(kind)
    .filter((t) => t.from === from && (by === undefined || t.by.includes(by)))
    .map((t) => t.to as StatusOf<K>);
}

/** A status with no way out. */
export function isTerminalStatus<K extends TransitionKind>(kind: K, status: StatusOf<K>): boolean {
  return !tableOf(kind).some((t) => t.from === status);
}

/** Every status of a machine, for exhaustive checks in tests and the database enum. */
export function statusesOf<K extends TransitionKind>(kind: K): readonly StatusOf<K>[] {
  return (kind === 'donation' ? DONATION_STATUSES : REQUEST_STATUSES) as readonly StatusOf<K>[];
}

/** A donor may delete a donation nobody has collected yet (product section 5). */
export const DELETABLE_DONATION_STATUSES = [
  'pending',
  'accepted',
  'expired',
] as const satisfies readonly DonationStatus[];

/** Whether the donor may still delete a donation in this status. */
export function canDeleteDonation(status: DonationStatus): boolean {
  return (DELETABLE_DONATION_STATUSES as readonly DonationStatus[]).includes(status);
}

/** Requests that deleting their donation cancels (the rest are history and stay as they are). */
export const REQUEST_STATUSES_CANCELLED_ON_DELETE = [
  'pending',
  'accepted',
] as const satisfies readonly RequestStatus[];

/** The donation status that a collection of this quality leads to. */
export function donationStatusAfterCollection(quality: 'good' | 'bad'): DonationStatus {
  return quality === 'good' ? 'completed' : 'rejected';
}
