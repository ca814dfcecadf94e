import type { FoodRequest } from '@annasetu/domain';

/** Where an incoming delivery stands, from the receiver's side. */
export type IncomingStage = 'awaiting' | 'accepted' | 'onTheWay' | 'received';

/**
 * awaiting: assigned to me, not yet accepted by me; accepted: I said yes, not collected yet;
 * onTheWay: collected; received: fulfilled.
 */
export function incomingStage(request: FoodRequest): IncomingStage {
  if (request.status === 'fulfilled') return 'received';
  if (request.status === 'collected') return 'onTheWay';
  return request.destinationAccepted ? 'accepted' : 'awaiting';
}

/** How many deliveries are at each stage. */
export function countStages(requests: readonly FoodRequest[]): Record<IncomingStage, number> {
  const counts: Record<IncomingStage, number> = {
    awaiting: 0,
    accepted: 0,
    onTheWay: 0,
    received: 0,
  };
  for (const r of requests) counts[incomingStage(r)] += 1;
  return counts;
}

/** Open deliveries first (the ones that need the receiver), then the newest. */
export function sortIncoming(requests: readonly FoodRequest[]): FoodRequest[] {
  const rank: Record<IncomingStage, number> = {
    awaiting: 0,
    onTheWay: 1,
    accepted: 2,
    received: 3,
  };
  return [...requests].sort(
    (a, b) =>
      rank[incomingStage(a)] - rank[incomingStage(b)] || b.updatedAt.localeCompare(a.updatedAt),
  );
}

/** How many received deliveries the requests screen shows before "show all". */
export const RECENT_RECEIVED = 3;

/**
 * The incoming deliveries a receiver sees on the requests screen: every open one (they need the
 * receiver), then the latest received ones; the older received ones only when asked for, so a
 * food bank with a long history still reaches its own requests below without scrolling past it.
 */
export function incomingShown(
  requests: readonly FoodRequest[],
  allReceived: boolean,
): { shown: FoodRequest[]; hiddenReceived: number; received: number } {
  const sorted = sortIncoming(requests);
  const open = sorted.filter((request) => incomingStage(request) !== 'received');
  const received = sorted.filter((request) => incomingStage(request) === 'received');
  const keep = allReceived ? received : received.slice(0, RECENT_RECEIVED);
  return {
    shown: [...open, ...keep],
    hiddenReceived: received.length - keep.length,
    received: received.length,
  };
}
