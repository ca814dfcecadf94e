/*
 * The sphere geometry of the nearby feeds (decision 0017): points as unit vectors, chord lengths
 * for the cube index, great-circle kilometres for what is shown. SQL fragments and the one query
 * that measures a single donation.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, type Coordinates } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { donations } from '../../db/schema/index.js';

export const pickupVector = sql`public.geo_unit_vector(${donations.pickupLatApprox}, ${donations.pickupLngApprox})`;

export function unitVector(point: Coordinates): SQL {
  return sql`public.geo_unit_vector(${point.lat}::double precision, ${point.lng}::double precision)`;
}

/** Chord length on the unit sphere for a great-circle distance in km. */
export function chordForKm(km: number): number {
  return 2 * Math.sin(Math.min(km / EARTH_RADIUS_KM, Math.PI) / 2);
}

/** Great-circle km for a chord length (SQL). */
export function kmForChord(chord: SQL | SQL.Aliased): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::double precision * asin(least(1, ${chord} / 2)))`;
}

/** Chord distance from `center` to a point (by default the pickup point: the index's ordering). */
export function chordFrom(center: Coordinates, point: SQL = pickupVector): SQL<number> {
  return sql<number>`(${point} <-> ${unitVector(center)})`;
}

/** Great-circle distance in km from `center` to the rounded pickup point, computed in SQL. */
export function distanceFrom(center: Coordinates): SQL<number> {
  return kmForChord(chordFrom(center));
}

/**
 * The distance from `center` to one donation's pickup point, by the very expression the
 * nearest-first order uses (so a cursor rebuilt from it continues exactly where a page ended).
 */
export async function distanceToDonation(
  db: DbOrTx,
  id: string,
  center: Coordinates,
): Promise<number | undefined> {
  const [row] = await db
    .select({ km: distanceFrom(center) })
    .from(donations)
    .where(eq(donations.id, id))
    .limit(1);
  return row?.km ?? undefined;
}

/** Pickup points within `chord` of `center`: an indexed box test, then the exact distance. */
export function withinChord(center: Coordinates, chord: number): SQL {
  return sql`${pickupVector} <@ public.cube_enlarge(${unitVector(center)}, ${chord}::double precision, 3) and ${chordFrom(center)} <= ${chord}::double precision`;
}
