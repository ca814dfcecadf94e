import type { Coordinates } from '../schemas/common.js';
import { haversineKm } from './distance.js';

// A volunteer's jobs as one trip (decision 0055): every stop once, each pickup before the
// drop-off of the same job, in a short order from where the volunteer is. The exact shortest
// order is a pickup-and-delivery travelling-salesman problem; for the handful of jobs one person
// holds, nearest-neighbour under the precedence rule, then moving single stops while that
// shortens the trip, comes close and takes no time.

/** One job of the trip: where its food is picked up and where it is dropped off. */
export interface TripJob {
  id: string;
  /** null once the food is on board (collected) or when the carrier starts at the pickup. */
  pickup: Coordinates | null;
  /** null while the destination is not chosen yet (it is chosen at collection). */
  dropoff: Coordinates | null;
}

export type TripStopKind = 'pickup' | 'dropoff';

/** One stop of a planned trip. */
export interface TripStop<J extends TripJob = TripJob> {
  job: J;
  kind: TripStopKind;
  point: Coordinates;
  /** Great-circle km from the previous stop (from the start for the first; null without one). */
  legKm: number | null;
}

/** Rounds of single-stop moves at most; each round is O(n^3) and n is a few dozen at most. */
const MAX_IMPROVEMENT_ROUNDS = 50;
/** Shorter by less than this (km, about a metre) is not shorter: float noise must not loop. */
const EPSILON_KM = 1e-3;

interface Stop<J extends TripJob> {
  job: J;
  kind: TripStopKind;
  point: Coordinates;
  /** Index in the stop list of the pickup that must come first, or -1. */
  after: number;
}

function stopsOf<J extends TripJob>(jobs: readonly J[]): Stop<J>[] {
  const stops: Stop<J>[] = [];
  for (const job of jobs) {
    let pickup = -1;
    if (job.pickup) {
      pickup = stops.length;
      stops.push({ job, kind: 'pickup', point: job.pickup, after: -1 });
    }
    if (job.dropoff) stops.push({ job, kind: 'dropoff', point: job.dropoff, after: pickup });
  }
  return stops;
}

/** Length of visiting `order` (indexes into `stops`) from `start`, in km. */
function lengthOf<J extends TripJob>(
  start: Coordinates | null,
  stops: readonly Stop<J>[],
  order: readonly number[],
): number {
  let km = 0;
  let at = start;
  for (const index of order) {
    const point = stops[index]!.point;
    if (at) km += haversineKm(at, point);
    at = point;
  }
  return km;
}

/** True when every drop-off in `order` comes after its pickup. */
function respectsPickups<J extends TripJob>(stops: readonly Stop<J>[], order: readonly number[]) {
  const seen = new Set<number>();
  for (const index of order) {
    const after = stops[index]!.after;
    if (after !== -1 && !seen.has(after)) return false;
    seen.add(index);
  }
  return true;
}

/**
 * Nearest stop first, among those whose pickup is behind; ties (and the first stop when there
 * is no start) go to the earlier job, so the order is stable.
 */
function nearestNeighbour<J extends TripJob>(
  start: Coordinates | null,
  stops: readonly Stop<J>[],
): number[] {
  const order: number[] = [];
  const done = new Set<number>();
  let at = start;
  while (order.length < stops.length) {
    let best = -1;
    let bestKm = Infinity;
    stops.forEach((stop, index) => {
      if (done.has(index) || (stop.after !== -1 && !done.has(stop.after))) return;
      const km = at ? haversineKm(at, stop.point) : 0;
      if (km < bestKm) {
        best = index;
        bestKm = km;
      }
    });
    order.push(best);
    done.add(best);
    at = stops[best]!.point;
  }
  return order;
}

/** Moves single stops to other places while that shortens the trip and keeps every rule. */
function improve<J extends TripJob>(
  start: Coordinates | null,
  stops: readonly Stop<J>[],
  initial: number[],
): number[] {
  let order = initial;
  let best = lengthOf(start, stops, order);
  for (let round = 0; round < MAX_IMPROVEMENT_ROUNDS; round += 1) {
    let moved = false;
    for (let from = 0; from < order.length; from += 1) {
      for (let to = 0; to < order.length; to += 1) {
        if (to === from) continue;
        const candidate = [...order];
        const [stop] = candidate.splice(from, 1);
        candidate.splice(to, 0, stop!);
        if (!respectsPickups(stops, candidate)) continue;
        const km = lengthOf(start, stops, candidate);
        if (km < best - EPSILON_KM) {
          order = candidate;
          best = km;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return order;
}

/**
 * The jobs' stops in trip order from `start` (the carrier's point, or null when unknown). A job
 * gives a pickup stop, a drop-off stop, or both; both, and the pickup comes first.
 */
export function planTrip<J extends TripJob>(
  jobs: readonly J[],
  start: Coordinates | null,
): TripStop<J>[] {
  const stops = stopsOf(jobs);
  // Both starting orders are improved and the shorter kept, so the plan is never longer than
  // taking the jobs one by one as they came (the stops' own order respects every pickup).
  const given = stops.map((_, index) => index);
  const [order] = [nearestNeighbour(start, stops), given]
    .map((initial) => improve(start, stops, initial))
    .map((candidate) => [candidate, lengthOf(start, stops, candidate)] as const)
    .reduce((best, next) => (next[1] < best[1] - EPSILON_KM ? next : best));
  let at = start;
  return order.map((index) => {
    const { job, kind, point } = stops[index]!;
    const legKm = at ? haversineKm(at, point) : null;
    at = point;
    return { job, kind, point, legKm };
  });
}

/** Total great-circle km of a planned trip (the first leg counts when there is a start). */
export function tripLengthKm(stops: readonly Pick<TripStop, 'legKm'>[]): number {
  return stops.reduce((km, stop) => km + (stop.legKm ?? 0), 0);
}
