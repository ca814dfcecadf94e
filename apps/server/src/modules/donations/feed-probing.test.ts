// A stranger may search the feed around any centre and radius. Moving the centre in small steps
// across the radius edge must tell them nothing finer than the rounded point every stranger is
// shown (decision 0037): two donations whose exact points differ but round to the same point
// enter and leave the radius together, at the distance of the rounded point, and keep their
// order, however the centre moves.
import {
  APPROXIMATE_DISTANCE_STEP_KM,
  approximatePoint,
  haversineKm,
  type Coordinates,
} from '@annasetu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof signUp>>;
let ids: [string, string];

// Two kitchens about 0.9 km apart, both shown as (13.08, 80.27).
const WEST = { lat: 13.0788, lng: 80.2659 };
const EAST = { lat: 13.0812, lng: 80.2741 };
const ROUNDED = { lat: 13.08, lng: 80.27 };
const RADIUS_KM = 3;

beforeAll(async () => {
  t = await createTestApp();
  const donor = await signUp(t.app, 'restaurant', { coordinates: ROUNDED });
  const west = await postDonation(donor.client, { pickupCoordinates: WEST });
  const east = await postDonation(donor.client, { pickupCoordinates: EAST });
  ids = [west.id, east.id];
  receiver = await signUp(t.app, 'foodbank', { coordinates: { lat: 12.9, lng: 80.1 } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface FeedItem {
  id: string;
  distanceKm?: number;
  pickupCoordinates: Coordinates | null;
}

async function search(center: Coordinates, sort: 'distance' | 'newest'): Promise<FeedItem[]> {
  const response = await receiver.client.get(
    `/api/donations/available?lat=${center.lat}&lng=${center.lng}&radiusKm=${RADIUS_KM}&sort=${sort}&limit=50`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as FeedItem[]).filter((d) => ids.includes(d.id));
}

/** Centres along a line through the rounded point, 40 m apart, across the radius edge. */
function centresAcrossTheEdge(bearing: 'east' | 'north'): Coordinates[] {
  const kmPerDegLat = 111.2;
  const kmPerDegLng = kmPerDegLat * Math.cos((ROUNDED.lat * Math.PI) / 180);
  const centres: Coordinates[] = [];
  for (let km = RADIUS_KM - 1.5; km <= RADIUS_KM + 1.5; km += 0.04) {
    centres.push(
      bearing === 'east'
        ? { lat: ROUNDED.lat, lng: ROUNDED.lng + km / kmPerDegLng }
        : { lat: ROUNDED.lat + km / kmPerDegLat, lng: ROUNDED.lng },
    );
  }
  return centres;
}

describe('GET /api/donations/available searched from moving centres', () => {
  it('checks the two kitchens round to one shown point', () => {
    expect(approximatePoint(WEST)).toEqual(ROUNDED);
    expect(approximatePoint(EAST)).toEqual(ROUNDED);
    // Their exact distances from a centre differ by up to 0.9 km: on the exact points the
    // radius edge would split them for many of the centres below.
    expect(haversineKm(WEST, EAST)).toBeGreaterThan(0.8);
  });

  for (const bearing of ['east', 'north'] as const) {
    for (const sort of ['distance', 'newest'] as const) {
      it(`gives both or neither, alike, stepping ${bearing} across the edge (${sort})`, async () => {
        let inside = 0;
        let outside = 0;
        let firstOrder: string[] | null = null;
        for (const centre of centresAcrossTheEdge(bearing)) {
          const found = await search(centre, sort);
          const toRounded = haversineKm(centre, ROUNDED);
          if (Math.abs(toRounded - RADIUS_KM) < 1e-6) continue; // on the edge: either is right
          if (toRounded <= RADIUS_KM) {
            inside++;
            expect(found.map((d) => d.id).sort()).toEqual([...ids].sort());
            // Identical apart from the id: same shown point, same distance.
            expect(found[0]!.pickupCoordinates).toEqual(ROUNDED);
            expect(found[1]!.pickupCoordinates).toEqual(ROUNDED);
            expect(found[0]!.distanceKm).toBe(found[1]!.distanceKm);
            expect(Math.abs(found[0]!.distanceKm! - toRounded)).toBeLessThanOrEqual(
              APPROXIMATE_DISTANCE_STEP_KM / 2,
            );
            // The order of the two never depends on where the centre is.
            if (sort === 'distance') {
              firstOrder ??= found.map((d) => d.id);
              expect(found.map((d) => d.id)).toEqual(firstOrder);
            }
          } else {
            outside++;
            expect(found).toEqual([]);
          }
        }
        // The walk did cross the edge.
        expect(inside).toBeGreaterThan(10);
        expect(outside).toBeGreaterThan(10);
      }, 60_000);
    }
  }
});
