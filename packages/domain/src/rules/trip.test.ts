import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Coordinates } from '../schemas/common.js';
import { haversineKm } from './distance.js';
import { planTrip, tripLengthKm, type TripJob, type TripStop } from './trip.js';

// Bengaluru, west to east along one street: each 0.01 degree of longitude is about 1.08 km.
const at = (lng: number): Coordinates => ({ lat: 12.97, lng: 77.5 + lng / 100 });

const order = (stops: readonly TripStop[]) => stops.map((s) => `${s.kind}:${s.job.id}`);

describe('planTrip', () => {
  it('orders three jobs from where the volunteer is, each pickup before its drop-off', () => {
    // The volunteer at 0; kitchens at 1, 2, 3; their food banks at 4, 5, 6.
    const jobs: TripJob[] = [
      { id: 'c', pickup: at(3), dropoff: at(6) },
      { id: 'a', pickup: at(1), dropoff: at(4) },
      { id: 'b', pickup: at(2), dropoff: at(5) },
    ];
    const stops = planTrip(jobs, at(0));
    expect(order(stops)).toEqual([
      'pickup:a',
      'pickup:b',
      'pickup:c',
      'dropoff:a',
      'dropoff:b',
      'dropoff:c',
    ]);
    expect(stops[0]!.legKm).toBeCloseTo(haversineKm(at(0), at(1)), 9);
    expect(tripLengthKm(stops)).toBeCloseTo(haversineKm(at(0), at(6)), 6);
  });

  it('starts from the other end when the volunteer stands there', () => {
    const jobs: TripJob[] = [
      { id: 'a', pickup: at(1), dropoff: at(2) },
      { id: 'b', pickup: at(5), dropoff: at(6) },
    ];
    expect(order(planTrip(jobs, at(7)))).toEqual([
      'pickup:b',
      'dropoff:b',
      'pickup:a',
      'dropoff:a',
    ]);
    expect(order(planTrip(jobs, at(0)))).toEqual([
      'pickup:a',
      'dropoff:a',
      'pickup:b',
      'dropoff:b',
    ]);
  });

  it('never drops food off before picking it up, however near the drop-off is', () => {
    // The drop-off is next to the volunteer, the pickup far away.
    const stops = planTrip([{ id: 'a', pickup: at(9), dropoff: at(0.1) }], at(0));
    expect(order(stops)).toEqual(['pickup:a', 'dropoff:a']);
  });

  it('gives food already on board only its drop-off, and a job without a destination its pickup', () => {
    const stops = planTrip(
      [
        { id: 'carried', pickup: null, dropoff: at(3) },
        { id: 'open', pickup: at(1), dropoff: null },
      ],
      at(0),
    );
    expect(order(stops)).toEqual(['pickup:open', 'dropoff:carried']);
  });

  it('without a start, begins with the first job and measures no first leg', () => {
    const stops = planTrip(
      [
        { id: 'a', pickup: at(1), dropoff: at(2) },
        { id: 'b', pickup: at(3), dropoff: at(4) },
      ],
      null,
    );
    expect(order(stops)).toEqual(['pickup:a', 'dropoff:a', 'pickup:b', 'dropoff:b']);
    expect(stops[0]!.legKm).toBeNull();
    expect(stops[1]!.legKm).toBeCloseTo(haversineKm(at(1), at(2)), 9);
  });

  it('improves on the nearest stop first when that strands a far stop', () => {
    // Nearest-first goes 1, 2, 3 and comes back for -2 (10 km); visiting -2 first costs 8.
    const jobs: TripJob[] = [
      { id: 'w', pickup: at(-2), dropoff: null },
      { id: 'e1', pickup: at(1), dropoff: null },
      { id: 'e2', pickup: at(2), dropoff: null },
      { id: 'e3', pickup: at(3), dropoff: null },
    ];
    const stops = planTrip(jobs, at(0));
    expect(order(stops)[0]).toBe('pickup:w');
    expect(tripLengthKm(stops)).toBeCloseTo(
      haversineKm(at(0), at(-2)) + haversineKm(at(-2), at(3)),
      6,
    );
  });

  it('has no stops for no jobs', () => {
    expect(planTrip([], at(0))).toEqual([]);
  });
});

// Jobs anywhere in India: a pickup, a drop-off or both.
const point = fc.record({
  lat: fc.double({ min: 8, max: 35, noNaN: true }),
  lng: fc.double({ min: 68, max: 97, noNaN: true }),
});
const jobs = fc
  .array(
    fc
      .record({ pickup: fc.option(point, { nil: null }), dropoff: fc.option(point, { nil: null }) })
      .filter((job) => job.pickup !== null || job.dropoff !== null),
    { maxLength: 12 },
  )
  .map((list) => list.map((job, i): TripJob => ({ id: `job-${i}`, ...job })));
const start = fc.option(point, { nil: null });

describe('planTrip (properties)', () => {
  it('visits every stop exactly once', () => {
    fc.assert(
      fc.property(jobs, start, (list, from) => {
        const stops = planTrip(list, from);
        const expected = list.flatMap((job) => [
          ...(job.pickup ? [`pickup:${job.id}`] : []),
          ...(job.dropoff ? [`dropoff:${job.id}`] : []),
        ]);
        expect(order(stops).sort()).toEqual(expected.sort());
        for (const stop of stops) expect(stop.point).toBe(stop.job[stop.kind]);
      }),
    );
  });

  it('puts every pickup before the drop-off of the same job', () => {
    fc.assert(
      fc.property(jobs, start, (list, from) => {
        const stops = planTrip(list, from);
        for (const job of list) {
          if (!job.pickup || !job.dropoff) continue;
          const pickup = stops.findIndex((s) => s.job.id === job.id && s.kind === 'pickup');
          const dropoff = stops.findIndex((s) => s.job.id === job.id && s.kind === 'dropoff');
          expect(pickup).toBeLessThan(dropoff);
        }
      }),
    );
  });

  it('measures each leg from the stop before (the first from the start)', () => {
    fc.assert(
      fc.property(jobs, start, (list, from) => {
        let previous = from;
        for (const stop of planTrip(list, from)) {
          if (previous) expect(stop.legKm).toBeCloseTo(haversineKm(previous, stop.point), 9);
          else expect(stop.legKm).toBeNull();
          previous = stop.point;
        }
      }),
    );
  });

  it('is never longer than taking the jobs one by one in the order given', () => {
    fc.assert(
      fc.property(jobs, start, (list, from) => {
        let km = 0;
        let previous = from;
        for (const p of list.flatMap((job) => [job.pickup, job.dropoff])) {
          if (!p) continue;
          if (previous) km += haversineKm(previous, p);
          previous = p;
        }
        expect(tripLengthKm(planTrip(list, from))).toBeLessThanOrEqual(km + 1e-6);
      }),
    );
  });
});
