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

/** Rounds of single-stop moves at most; each round is O(n^2) and n is a few dozen at most. */
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

/**
 * Great-circle km between stops, measured once: `between[i][j]` from stop i to stop j, `from[i]`
 * from the start to stop i (0 without a start, so the first leg does not count).
 */
interface Distances {
  between: number[][];
  from: number[];
}

function distancesOf<J extends TripJob>(
  start: Coordinates | null,
  stops: readonly Stop<J>[],
): Distances {
  return {
    between: stops.map((a) => stops.map((b) => haversineKm(a.point, b.point))),
    from: stops.map((stop) => (start ? haversineKm(start, stop.point) : 0)),
  };
}

/** Length of visiting `order` (indexes into the stops) from the start, in km. */
function lengthOf(km: Distances, order: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < order.length; i += 1) {
    total += i === 0 ? km.from[order[0]!]! : km.between[order[i - 1]!]![order[i]!]!;
  }
  return total;
}

/**
 * Nearest stop first, among those whose pickup is behind; ties (and the first stop when there
 * is no start) go to the earlier job, so the order is stable.
 */
function nearestNeighbour<J extends TripJob>(
  start: Coordinates | null,
  stops: readonly Stop<J>[],
  km: Distances,
): number[] {
  const order: number[] = [];
  const done = new Set<number>();
  while (order.length < stops.length) {
    const at = order.at(-1);
    let best = -1;
    let bestKm = Infinity;
    stops.forEach((stop, index) => {
      if (done.has(index) || (stop.after !== -1 && !done.has(stop.after))) return;
      const leg = at === undefined ? (start ? km.from[index]! : 0) : km.between[at]![index]!;
      if (leg < bestKm) {
        best = index;
        bestKm = leg;
      }
    });
    order.push(best);
    done.add(best);
  }
  return order;
}

/**
 * Moves single stops to other places while that shortens the trip, each to the best place
 * between its own pickup and its own drop-off (so every pickup stays first). What a move saves is
 * worked out from the legs it changes, not by measuring the whole trip again.
 */
function improve<J extends TripJob>(
  stops: readonly Stop<J>[],
  km: Distances,
  initial: readonly number[],
): number[] {
  let order = [...initial];
  const dropoffOf = new Map<number, number>();
  stops.forEach((stop, index) => {
    if (stop.after !== -1) dropoffOf.set(stop.after, index);
  });
  // A leg from stop a (-1: the start) to stop b.
  const leg = (a: number, b: number) => (a === -1 ? km.from[b]! : km.between[a]![b]!);
  for (let round = 0; round < MAX_IMPROVEMENT_ROUNDS; round += 1) {
    let moved = false;
    for (let i = 0; i < order.length; i += 1) {
      const stop = order[i]!;
      const before = i > 0 ? order[i - 1]! : -1;
      const after = order[i + 1];
      const saved =
        leg(before, stop) + (after === undefined ? 0 : leg(stop, after) - leg(before, after));
      const rest = order.filter((_, k) => k !== i);
      const pickup = stops[stop]!.after;
      const dropoff = dropoffOf.get(stop);
      const first = pickup === -1 ? 0 : rest.indexOf(pickup) + 1;
      const last = dropoff === undefined ? rest.length : rest.indexOf(dropoff);
      let bestGain = EPSILON_KM;
      let bestPlace = -1;
      for (let j = first; j <= last; j += 1) {
        const previous = j > 0 ? rest[j - 1]! : -1;
        const next = rest[j];
        const added =
          leg(previous, stop) + (next === undefined ? 0 : leg(stop, next) - leg(previous, next));
        if (saved - added > bestGain) {
          bestGain = saved - added;
          bestPlace = j;
        }
      }
      if (bestPlace !== -1) {
        rest.splice(bestPlace, 0, stop);
        order = rest;
        moved = true;
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
  const km = distancesOf(start, stops);
  // Both starting orders are improved and the shorter kept, so the plan is never longer than
  // taking the jobs one by one as they came (the stops' own order respects every pickup).
  const given = stops.map((_, index) => index);
  const [order] = [nearestNeighbour(start, stops, km), given]
    .map((initial) => improve(stops, km, initial))
    .map((candidate) => [candidate, lengthOf(km, candidate)] as const)
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
