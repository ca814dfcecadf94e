// Both engines: the nearby query and its index on each engine.
// The nearby feed takes different paths by how dense the radius is (nearest-first scan, tie
// completion, newest windows, sparse radius read whole). Shrinking the sizes behind those paths
// drives every one of them on a few hundred rows; each must page through exactly what a
// brute-force filter and sort over all rows gives.
import { sql } from 'drizzle-orm';
import { approximatePoint, haversineKm, type Coordinates } from '@annasetu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import { listAvailableDonations, type FeedTuning } from './nearby.queries.js';

let t: TestApp;
const CHENNAI = { lat: 13.0827, lng: 80.2707 };
const RADIUS_KM = 10;

interface Point {
  id: string;
  lat: number;
  lng: number;
  createdAt: number;
}
let points: Point[] = [];

// Seeded so a failure reproduces.
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const donor = await signUp(t.app, 'restaurant', { coordinates: CHENNAI });
  const template = await postDonation(donor.client, { pickupCoordinates: CHENNAI });
  const next = random(7);
  const lats: number[] = [];
  const lngs: number[] = [];
  const times: string[] = [];
  const base = Date.now() - 3_600_000;
  const kitchen = { lat: 13.1, lng: 80.25 };
  for (let i = 0; i < 260; i++) {
    let p: Coordinates;
    if (i < 150) {
      // Dense: within ~7 km of the centre.
      p = { lat: CHENNAI.lat + (next() - 0.5) * 0.12, lng: CHENNAI.lng + (next() - 0.5) * 0.12 };
    } else if (i < 170) {
      p = kitchen; // one kitchen's many posts: ties on distance
    } else if (i < 230) {
      // A ring 8 to 16 km out: some inside the radius, some not.
      const angle = next() * 2 * Math.PI;
      const km = 8 + next() * 8;
      p = {
        lat: CHENNAI.lat + (km / 111.2) * Math.sin(angle),
        lng:
          CHENNAI.lng + (km / (111.2 * Math.cos((CHENNAI.lat * Math.PI) / 180))) * Math.cos(angle),
      };
    } else {
      // Elsewhere in India: newer than everything near Chennai, so windows fill with them.
      p = { lat: 20 + next() * 8, lng: 73 + next() * 10 };
    }
    lats.push(p.lat);
    lngs.push(p.lng);
    // Whole milliseconds (the cursor's precision); every tenth shares its time with the next.
    const offset = i >= 230 ? 3_000_000 + i : Math.floor(i / 10) * 10 + (i % 10 === 0 ? 1 : i % 10);
    times.push(new Date(base + offset * 1000 + (i % 10 === 1 ? -1000 : 0)).toISOString());
  }
  // Copies of the posted donation at other points and times (every column but the generated
  // ones, which the database computes).
  const columnRows = (await t.database.db.execute(
    sql`select column_name from information_schema.columns
      where table_name = 'donations' and is_generated = 'NEVER' order by ordinal_position`,
  )) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const columns = (Array.isArray(columnRows) ? columnRows : (columnRows.rows ?? [])).map(
    (r) => `"${String(r.column_name)}"`,
  );
  const columnList = sql.raw(columns.join(', '));
  const fromCopy = sql.raw(columns.map((c) => `c.${c}`).join(', '));
  await t.database.db.execute(sql`
    insert into donations (${columnList})
    select ${fromCopy} from (select (jsonb_populate_record(d, jsonb_build_object(
      'id', gen_random_uuid(), 'pickup_lat', u.lat, 'pickup_lng', u.lng, 'created_at', u.ts))).*
    from donations d,
      unnest(${`{${lats.join(',')}}`}::float8[], ${`{${lngs.join(',')}}`}::float8[],
        ${`{${times.join(',')}}`}::timestamptz[]) as u(lat, lng, ts)
    where d.id = ${template.id}) c`);
  const rows = (await t.database.db.execute(
    sql`select id, pickup_lat as lat, pickup_lng as lng, created_at from donations where status = 'pending'`,
  )) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  points = list.map((r) => ({
    id: String(r.id),
    lat: Number(r.lat),
    lng: Number(r.lng),
    createdAt: new Date(r.created_at as string).getTime(),
  }));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

// The feeds measure to the rounded point every stranger is shown (decision 0037).
function expected(center: Coordinates, sort: 'distance' | 'newest'): string[] {
  const inRadius = points
    .map((p) => ({ ...p, km: haversineKm(center, approximatePoint(p)!) }))
    .filter((p) => p.km <= RADIUS_KM);
  inRadius.sort((a, b) =>
    sort === 'distance'
      ? a.km - b.km || (a.id < b.id ? -1 : 1)
      : b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1),
  );
  return inRadius.map((p) => p.id);
}

async function pageThrough(
  center: Coordinates,
  sort: 'distance' | 'newest',
  tuning: Partial<FeedTuning>,
): Promise<string[]> {
  const seen: string[] = [];
  let afterDistance: [number, string] | undefined;
  let afterNewest: [string, string] | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listAvailableDonations(t.database.db, {
      feed: { kind: 'receiver' },
      center,
      radiusKm: RADIUS_KM,
      sort,
      limit: 7,
      afterDistance,
      afterNewest,
      tuning,
    });
    seen.push(...page.map((r) => r.donation.id));
    if (page.length < 7) return seen;
    const last = page.at(-1)!;
    afterDistance = [last.distanceKm!, last.donation.id];
    afterNewest = [last.donation.createdAt.toISOString(), last.donation.id];
  }
  throw new Error('paging did not end');
}

const TUNINGS: [string, Partial<FeedTuning>][] = [
  ['defaults', {}],
  ['small windows', { cityWindow: 60, wideWindow: 120, sparseRadiusRows: 5, nearestPages: 1 }],
  ['windows too small to fill', { cityWindow: 3, wideWindow: 6, sparseRadiusRows: 2 }],
  ['a radius counted as sparse', { cityWindow: 3, wideWindow: 6, sparseRadiusRows: 1_000 }],
];
const CENTERS: [string, Coordinates][] = [
  ['the dense centre', CHENNAI],
  ['the kitchen with many posts', { lat: 13.1, lng: 80.25 }],
  ['the ring', { lat: 13.0, lng: 80.17 }],
  ['nowhere near', { lat: 9.5, lng: 77.0 }],
];

describe('nearby feed paths', () => {
  for (const [tuningName, tuning] of TUNINGS) {
    for (const [centerName, center] of CENTERS) {
      for (const sort of ['distance', 'newest'] as const) {
        it(`${sort} around ${centerName} with ${tuningName}`, async () => {
          const want = expected(center, sort);
          if (centerName !== 'nowhere near') expect(want.length).toBeGreaterThan(14);
          const got = await pageThrough(center, sort, tuning);
          if (sort === 'newest') {
            expect(got).toEqual(want);
            return;
          }
          // Rounded points lie on a grid: two cells can be the same distance from a centre on
          // the grid, and such ties may fall either way in the last bit of a float. The page
          // must hold exactly the expected donations, each once, nearest first.
          expect([...got].sort()).toEqual([...want].sort());
          const km = new Map(points.map((p) => [p.id, haversineKm(center, approximatePoint(p)!)]));
          for (let i = 1; i < got.length; i++) {
            expect(km.get(got[i]!)!).toBeGreaterThanOrEqual(km.get(got[i - 1]!)! - 1e-9);
          }
        });
      }
    }
  }
});
