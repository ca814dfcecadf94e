import { THREAD_LIMITS, type ThreadParty } from '../constants/pickup-thread.js';
import type { RequestStatus } from '../constants/statuses.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of a request that say who its parties are and whether its match is on. */
export interface ThreadRequest {
  status: RequestStatus;
  donorId: string;
  requesterId: string;
  volunteerId: string | null;
  destinationUserId: string | null;
  isVolunteerRequest: boolean;
  updatedAt: Date;
  fulfilledAt: Date | null;
}

/**
 * What `userId` is on a request's thread: its donor, the volunteer carrying it, or the receiver
 * (the destination, or a receiver who asked for the food and still gets it); null for anyone else.
 */
export function threadPartyOf(userId: string, request: ThreadRequest): ThreadParty | null {
  if (request.donorId === userId) return 'donor';
  if (request.volunteerId === userId) return 'volunteer';
  if (request.destinationUserId === userId) return 'receiver';
  if (asksForItself(request) && request.requesterId === userId) return 'receiver';
  return null;
}

/**
 * A receiver's own request whose food still goes to them: a food bank that asked stops being a
 * party once the volunteer found the food unfit and took it to a nursery instead.
 */
function asksForItself(request: ThreadRequest): boolean {
  return (
    !request.isVolunteerRequest &&
    (request.destinationUserId === null || request.destinationUserId === request.requesterId)
  );
}

/** Every party of a request's thread, each once. */
export function threadPartiesOf(request: ThreadRequest): string[] {
  const ids = [request.donorId, request.volunteerId, request.destinationUserId];
  if (asksForItself(request)) ids.push(request.requesterId);
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/**
 * Whether the parties may write, and until when. A request still waiting for the donor
 * (pending) or declined by them was never a match: nothing to talk through. While the match is
 * on (accepted, collected) there is no end; once it ended (delivered, released, cancelled) the
 * thread stays open for a week after, for "thank you" and "you forgot a box", then reads only.
 */
export function threadWindow(
  request: Pick<ThreadRequest, 'status' | 'updatedAt' | 'fulfilledAt'>,
  now: Date = new Date(),
): { canWrite: boolean; writableUntil: Date | null } {
  switch (request.status) {
    case 'pending':
    case 'rejected':
      return { canWrite: false, writableUntil: null };
    case 'accepted':
    case 'collected':
      return { canWrite: true, writableUntil: null };
    case 'fulfilled':
    case 'cancelled': {
      const ended = request.fulfilledAt ?? request.updatedAt;
      const until = new Date(ended.getTime() + THREAD_LIMITS.writableDaysAfterEnd * DAY_MS);
      return { canWrite: now < until, writableUntil: until };
    }
  }
}
