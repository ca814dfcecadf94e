/*
 * A feed page in two steps: the page's ids and sort keys from narrow rows, then the full rows and
 * donor badges for that page only.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Coordinates } from '@annasetu/domain';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { donations, users } from '../../db/schema/index.js';
import {
  type DonationListRow,
  type FeedDonationRow,
  feedDonationColumns,
} from './donations.queries.js';
import { distanceFrom } from './nearby-geometry.queries.js';

/** One row of a feed: the card's columns, the donor's badge and the distance. */
export type FeedListRow = DonationListRow<FeedDonationRow>;

/**
 * Picks the page from narrow rows (id, sort key) first, then fetches the full rows and donor
 * badges for that page only: sorting whole rows, and joining users for every candidate, made the
 * cost grow with everything nearby instead of with the page.
 */
export async function fetchPage(
  db: DbOrTx,
  params: {
    conditions: SQL[];
    center: Coordinates | null;
    order: 'newest' | 'distance';
    limit: number;
  },
): Promise<FeedListRow[]> {
  return mapFullRows(await fetchPageQuery(db, params));
}

export function fetchPageQuery(
  db: DbOrTx,
  params: {
    conditions: SQL[];
    center: Coordinates | null;
    order: 'newest' | 'distance';
    limit: number;
  },
) {
  const distance = params.center ? distanceFrom(params.center) : null;
  const byDistance = params.order === 'distance' && distance !== null;
  const page = db
    .select({
      id: sql<string>`${donations.id}`.as('page_id'),
      createdAt: sql<Date>`${donations.createdAt}`.as('page_created_at'),
      distanceKm: (distance ?? sql<null>`null::double precision`).as('distance_km'),
    })
    .from(donations)
    .where(and(...params.conditions))
    .orderBy(
      ...(byDistance ? [distance, donations.id] : [desc(donations.createdAt), desc(donations.id)]),
    )
    .limit(params.limit)
    .as('page');
  return fullRowsQuery(db, page, byDistance ? 'distance' : 'newest');
}

/** A narrow page: ids with their sort keys (aliased so the outer query can name them). */
type NarrowPage = SubqueryWithSelection<
  {
    id: SQL.Aliased<string>;
    createdAt: SQL.Aliased<Date>;
    distanceKm: SQL.Aliased<number | null>;
  },
  'page'
>;

/** The full rows and donor badges for a narrow page, in the page's order. */
export function fullRowsQuery(db: DbOrTx, page: NarrowPage, order: 'newest' | 'distance') {
  return db
    .select({
      donation: feedDonationColumns,
      donorVerified: users.isVerified,
      distanceKm: page.distanceKm,
    })
    .from(page)
    .innerJoin(donations, eq(donations.id, page.id))
    .innerJoin(users, eq(users.id, donations.donorId))
    .orderBy(
      ...(order === 'distance'
        ? [page.distanceKm, page.id]
        : [desc(page.createdAt), desc(page.id)]),
    );
}

export function mapFullRows(
  rows: { donation: FeedDonationRow; donorVerified: boolean; distanceKm: number | null }[],
): FeedListRow[] {
  return rows.map((r) => ({
    ...r,
    distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
  }));
}
