import type { Coordinates, FoodRequest, TripJob } from '@annasetu/domain';

/** A request as a job of the trip: its stops, and the request for names and places. */
export interface RequestJob extends TripJob {
  request: FoodRequest;
}

/**
 * Where `userId` has to go for a request they carry, and only then: the volunteer holding it
 * goes to the pickup (until collected) and to the drop-off once there is a destination; a donor
 * delivering it themselves goes to the drop-off. Anyone else has nothing to navigate to.
 */
export function carriedStops(
  request: FoodRequest,
  userId: string,
): { pickup: Coordinates | null; dropoff: Coordinates | null } {
  const pickup = request.pickupPoint ?? null;
  const dropoff = request.dropoffPoint ?? null;
  if (request.volunteerId === userId) {
    if (request.status === 'accepted') return { pickup, dropoff };
    if (request.status === 'collected') return { pickup: null, dropoff };
  }
  if (request.donorId === userId && request.isSelfDelivery && request.status === 'accepted') {
    return { pickup: null, dropoff };
  }
  return { pickup: null, dropoff: null };
}

/** The jobs of a trip: the requests the user carries that have somewhere to go. */
export function tripJobs(requests: readonly FoodRequest[], userId: string): RequestJob[] {
  return requests.flatMap((request) => {
    const stops = carriedStops(request, userId);
    return stops.pickup || stops.dropoff ? [{ id: request.id, request, ...stops }] : [];
  });
}
