/*
 * Nearby search (migrations 0007, 0009 and 0013, docs/decisions/0017-nearby-feed-indexes.md).
 * Points are unit vectors on the sphere: the straight-line (chord) distance between two of them
 * orders points exactly as the great-circle distance does, and the cube GiST index on the pickup
 * vector answers "nearest first" (<->) and "inside this box" (<@). Distances shown are
 * great-circle kilometres on a sphere of EARTH_RADIUS_KM.
 *
 * The feeds measure to the pickup point rounded to about 1 km (decision 0037), the point every
 * caller of a feed is shown: filtered and ordered on the exact point, a search centre moved in
 * small steps would tell when a donation crosses the radius edge or swaps places with another,
 * and so narrow its exact point down.
 */
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { boundingBox, type Coordinates } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { placeholders, preparedStatement, type Value } from '../../db/prepared-statements.js';
import { donations, users } from '../../db/schema/index.js';
import { feedDonationColumns, olderThan } from './donations.queries.js';
import {
  fetchPage,
  fetchPageQuery,
  fullRowsQuery,
  mapFullRows,
  type FeedListRow,
} from './feed-page.queries.js';
import {
  chordForKm,
  chordFrom,
  distanceFrom,
  kmForChord,
  withinChord,
} from './nearby-geometry.queries.js';

export { chordForKm, distanceFrom, distanceToDonation } from './nearby-geometry.queries.js';
export type { FeedListRow } from './feed-page.queries.js';

/** Which donations a feed shows. */
export type Feed = { kind: 'receiver'; excludeDonorId?: string } | { kind: 'volunteer' };

function feedConditions(feed: Feed): SQL[] {
  // Expired by the clock counts as gone even before the expiry job has run. The `+ interval`
  // keeps the planner off the expiry index: it treats "pending" and "not yet expired" as
  // independent, underestimates the rows by ~20x and would read every live donation in India
  // instead of the few near the centre (measured with bench/src/nearby.ts).
  const live = [
    isNull(donations.deletedAt),
    sql`${donations.expiryTime} + interval '0 seconds' > now()`,
  ];
  if (feed.kind === 'volunteer') {
    return [
      ...live,
      eq(donations.deliveryMethod, 'volunteer'),
      isNull(donations.volunteerId),
      inArray(donations.status, ['pending', 'accepted']),
    ];
  }
  return [
    ...live,
    eq(donations.status, 'pending'),
    ...(feed.excludeDonorId ? [ne(donations.donorId, feed.excludeDonorId)] : []),
  ];
}

interface FeedQuery {
  feed: Feed;
  center: Coordinates | null;
  radiusKm: number;
  sort: 'distance' | 'newest';
  limit: number;
  afterDistance?: [number, string] | undefined;
  afterNewest?: [string, string] | undefined;
  tuning?: Partial<FeedTuning> | undefined;
}

/**
 * Available donations for a feed, one page (`limit` rows). Each way of asking costs about the
 * same however many donations the table holds (measured by bench/src/nearby.ts).
 */
export async function listAvailableDonations(
  db: DbOrTx,
  params: FeedQuery,
): Promise<FeedListRow[]> {
  if (params.center && params.sort === 'distance') return nearestPage(db, params, params.center);
  if (params.center) return newestNearbyPage(db, params, params.center);
  const conditions = feedConditions(params.feed);
  if (params.afterNewest) conditions.push(olderThan(params.afterNewest));
  return fetchPage(db, { conditions, center: null, order: 'newest', limit: params.limit });
}

/**
 * Nearest first. The GiST index returns the nearest donations one by one, so the scan stops
 * after a few pages' worth of rows however many lie in the radius; the radius is applied to what
 * it returned (applied inside the scan, a sparse radius would make it read all of India).
 * Ordered by (distance, id), the first `limit` rows are the true page once a returned row lies
 * strictly farther than the page's last one. Donations at one point (a kitchen posting several
 * times) tie on distance: if such a tie group runs past what the scan returned, the page is read
 * again from everything up to that distance.
 */
async function nearestPage(
  db: DbOrTx,
  params: FeedQuery,
  center: Coordinates,
): Promise<FeedListRow[]> {
  const { limit } = params;
  const scanned = limit * tuningOf(params).nearestPages + 1;
  const values = {
    lat: center.lat,
    lng: center.lng,
    scanned,
    chord: chordForKm(params.radiusKm),
    limit,
  };
  // The first page (nearly every request) runs prepared statements; a page after a cursor is
  // built for its cursor.
  const shape = feedShape(params.feed);
  let conditions: SQL[] | undefined;
  let found: Awaited<ReturnType<typeof nearestQuery>>;
  if (params.afterDistance) {
    conditions = feedConditions(params.feed);
    const [d, id] = params.afterDistance;
    conditions.push(
      sql`(${distanceFrom(center)}, ${donations.id}) > (${d}::double precision, ${id}::uuid)`,
    );
    found = await nearestQuery(db, conditions, values);
  } else {
    const name = `feed_nearest_${shape.key}`;
    const statement = preparedStatement(db, name, () =>
      nearestQuery(db, shape.conditions(), placeholders(values)).prepare(name),
    );
    found = await statement.execute({ ...values, ...shape.values });
  }
  const rows: FeedListRow[] = found.map((r) => ({
    donation: r.donation,
    donorVerified: r.donorVerified,
    distanceKm: Number(r.distanceKm),
  }));
  const last = rows[limit - 1];
  // The radius ended inside what the scan returned.
  const complete = Number(found[0]?.inRadius ?? 0) < scanned;
  if (!last || complete || Number(found[0]!.farthestKm) !== last.distanceKm) return rows;
  const reach = last.distanceKm!;
  const tie = {
    lat: center.lat,
    lng: center.lng,
    reachChord: chordForKm(reach) * (1 + 1e-9),
    reach,
    limit,
  };
  if (conditions) return mapFullRows(await tiedPageQuery(db, conditions, tie));
  const name = `feed_nearest_tied_${shape.key}`;
  const statement = preparedStatement(db, name, () =>
    tiedPageQuery(db, shape.conditions(), placeholders(tie)).prepare(name),
  );
  return mapFullRows(await statement.execute({ ...tie, ...shape.values }));
}

/**
 * The nearest `scanned` rows, of which only the page's come back whole; how many of them lie in
 * the radius and the farthest of those (all the tie check needs) ride along as window figures.
 */
function nearestQuery(
  db: DbOrTx,
  conditions: SQL[],
  v: Record<'lat' | 'lng' | 'scanned' | 'chord' | 'limit', Value>,
) {
  const center = { lat: v.lat, lng: v.lng } as unknown as Coordinates;
  const nearest = db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      chord: chordFrom(center).as('chord'),
    })
    .from(donations)
    .where(and(...conditions))
    .orderBy(chordFrom(center))
    .limit(v.scanned as number)
    .as('nearest');
  const km = kmForChord(nearest.chord);
  const page = db
    .select({
      id: sql<string>`${nearest.id}`.as('page_id'),
      createdAt: sql<Date>`${nearest.createdAt}`.as('page_created_at'),
      distanceKm: km.as('distance_km'),
      inRadius: sql<number>`(count(*) over ())::int`.as('in_radius'),
      farthestKm: sql<number>`max(${km}) over ()`.as('farthest_km'),
    })
    .from(nearest)
    .where(sql`${nearest.chord} <= ${v.chord}::double precision`)
    .orderBy(km, nearest.id)
    .limit(v.limit as number)
    .as('page');
  return db
    .select({
      donation: feedDonationColumns,
      donorVerified: users.isVerified,
      distanceKm: page.distanceKm,
      inRadius: page.inRadius,
      farthestKm: page.farthestKm,
    })
    .from(page)
    .innerJoin(donations, eq(donations.id, page.id))
    .innerJoin(users, eq(users.id, donations.donorId))
    .orderBy(page.distanceKm, page.id);
}

/** The page read again from everything up to `reach`, when a tie group runs past the scan. */
function tiedPageQuery(
  db: DbOrTx,
  conditions: SQL[],
  v: Record<'lat' | 'lng' | 'reachChord' | 'reach' | 'limit', Value>,
) {
  const center = { lat: v.lat, lng: v.lng } as unknown as Coordinates;
  return fetchPageQuery(db, {
    conditions: [
      ...conditions,
      withinChord(center, v.reachChord as number),
      sql`${distanceFrom(center)} <= ${v.reach}::double precision`,
    ],
    center,
    order: 'distance',
    limit: v.limit as number,
  });
}

/**
 * A feed's conditions as a prepared statement holds them: the donor a receiver's feed leaves
 * out is a placeholder (`exclude`), and `key` names the statement's shape.
 */
function feedShape(feed: Feed) {
  const excluded = feed.kind === 'receiver' && Boolean(feed.excludeDonorId);
  return {
    key: `${feed.kind}${excluded ? '_excluding' : ''}`,
    conditions: () =>
      feedConditions(
        excluded
          ? { kind: 'receiver', excludeDonorId: sql.placeholder('exclude') as unknown as string }
          : feed,
      ),
    values: excluded && feed.kind === 'receiver' ? { exclude: feed.excludeDonorId } : {},
  };
}

/**
 * Sizes behind the feed's query strategies. The defaults suit the bench's million donations;
 * tests shrink them to drive every path on a few rows.
 */
export interface FeedTuning {
  /** How many of the newest available donations anywhere the newest-nearby feed looks through. */
  cityWindow: number;
  /** The wider window, for a radius neither dense nor sparse. */
  wideWindow: number;
  /** A radius holding at most this many available donations is read whole. */
  sparseRadiusRows: number;
  /** How many nearest rows the nearest-first scan reads, as pages. */
  nearestPages: number;
}

const DEFAULT_TUNING: FeedTuning = {
  cityWindow: 4_000,
  wideWindow: 64_000,
  sparseRadiusRows: 500,
  nearestPages: 2,
};

/**
 * Newest first around a centre. Where donations are dense the page is among the newest few
 * thousand available anywhere: read those from the covering time index (no table access), keep
 * the ones in the radius, and if they fill the page it is the true page, since any donation in the
 * radius outside that window is older than everything in it. Where they are sparse, the whole
 * radius (GiST box) is a few rows. In between, a wider window. Each step is a few milliseconds at
 * a million donations (bench/src/nearby.ts), so the page never costs a scan of the radius when
 * it holds thousands.
 */
async function newestNearbyPage(
  db: DbOrTx,
  params: FeedQuery,
  center: Coordinates,
): Promise<FeedListRow[]> {
  const { limit, radiusKm } = params;
  const tuning = tuningOf(params);
  const conditions = feedConditions(params.feed);
  if (params.afterNewest) conditions.push(olderThan(params.afterNewest));
  const inRadius = [...conditions, withinChord(center, chordForKm(radiusKm))];
  const wholeRadius = () => fetchPage(db, { conditions: inRadius, center, order: 'newest', limit });
  const firstPage = !params.afterNewest;
  const city = await newestInWindow(db, {
    feed: params.feed,
    firstPage,
    conditions,
    center,
    radiusKm,
    limit,
    window: tuning.cityWindow,
  });
  if (city.length === limit) return city;
  // Sparse or not: count the radius among the nearest sparseRadiusRows + 1 (a nearest-first
  // index scan that stops there; a box scan would read the whole box however full it is).
  const nearest = db
    .select({ chord: chordFrom(center).as('chord') })
    .from(donations)
    .where(and(...conditions))
    .orderBy(chordFrom(center))
    .limit(tuning.sparseRadiusRows + 1)
    .as('nearest');
  const [counted] = await db
    .select({ rows: sql<number>`count(*)::int` })
    .from(nearest)
    .where(sql`${nearest.chord} <= ${chordForKm(radiusKm)}::double precision`);
  if (counted!.rows <= tuning.sparseRadiusRows) return wholeRadius();
  const wide = await newestInWindow(db, {
    feed: params.feed,
    firstPage,
    conditions,
    center,
    radiusKm,
    limit,
    window: tuning.wideWindow,
  });
  if (wide.length === limit) return wide;
  return wholeRadius();
}

/** The newest donations in the radius among the newest `window` available anywhere. */
async function newestInWindow(
  db: DbOrTx,
  params: {
    feed: Feed;
    conditions: SQL[];
    /** The conditions are the feed's own (no cursor): the statement can be prepared. */
    firstPage: boolean;
    center: Coordinates;
    radiusKm: number;
    limit: number;
    window: number;
  },
): Promise<FeedListRow[]> {
  const { center } = params;
  const box = boundingBox(center, params.radiusKm);
  const values = {
    lat: center.lat,
    lng: center.lng,
    chord: chordForKm(params.radiusKm),
    minLat: box.minLat,
    maxLat: box.maxLat,
    minLng: box.minLng,
    maxLng: box.maxLng,
    window: params.window,
    limit: params.limit,
  };
  if (!params.firstPage) {
    return mapFullRows(
      await newestInWindowQuery(db, params.conditions, box.crossesAntimeridian, values),
    );
  }
  // The first page of a feed (nearly every request) runs a prepared statement: built once per
  // process and, on PostgreSQL, parsed once per connection.
  const shape = feedShape(params.feed);
  const name = `feed_newest_${shape.key}${box.crossesAntimeridian ? '_antimeridian' : ''}`;
  const statement = preparedStatement(db, name, () =>
    newestInWindowQuery(
      db,
      shape.conditions(),
      box.crossesAntimeridian,
      placeholders(values),
    ).prepare(name),
  );
  return mapFullRows(await statement.execute({ ...values, ...shape.values }));
}

function newestInWindowQuery(
  db: DbOrTx,
  conditions: SQL[],
  crossesAntimeridian: boolean,
  v: Record<
    'lat' | 'lng' | 'chord' | 'minLat' | 'maxLat' | 'minLng' | 'maxLng' | 'window' | 'limit',
    Value
  >,
) {
  // A centre whose parts may be placeholders: it is only ever interpolated into SQL.
  const center = { lat: v.lat, lng: v.lng } as unknown as Coordinates;
  const recent = db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      lat: donations.pickupLatApprox,
      lng: donations.pickupLngApprox,
    })
    .from(donations)
    .where(and(...conditions))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(v.window as number)
    .as('recent');
  // Plain comparisons on the box first: the exact distance only for the few inside it.
  const lngInBox = crossesAntimeridian
    ? sql`(${recent.lng} >= ${v.minLng} or ${recent.lng} <= ${v.maxLng})`
    : sql`${recent.lng} between ${v.minLng} and ${v.maxLng}`;
  const recentChord = chordFrom(center, sql`public.geo_unit_vector(${recent.lat}, ${recent.lng})`);
  return fullRowsQuery(
    db,
    db
      .select({
        id: sql<string>`${recent.id}`.as('page_id'),
        createdAt: sql<Date>`${recent.createdAt}`.as('page_created_at'),
        distanceKm: kmForChord(recentChord).as('distance_km'),
      })
      .from(recent)
      .where(
        and(
          sql`${recent.lat} between ${v.minLat} and ${v.maxLat}`,
          lngInBox,
          sql`${recentChord} <= ${v.chord}::double precision`,
        ),
      )
      .orderBy(desc(recent.createdAt), desc(recent.id))
      .limit(v.limit as number)
      .as('page'),
    'newest',
  );
}

function tuningOf(params: FeedQuery): FeedTuning {
  return { ...DEFAULT_TUNING, ...params.tuning };
}
