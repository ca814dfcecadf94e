// The donation lists: the donor's own, and the feeds of volunteers and receivers around a point.
import type { AvailableDonationsFilter } from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { DonationRow, UserRow } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { volunteerArea } from '../availability/availability.service.js';
import { authorizeFeed } from './donations.policy.js';
import { listDonationsByDonor, type DonationListRow } from './donations.queries.js';
import { userPoint } from './donations.service.js';
import { distanceToDonation, listAvailableDonations, type FeedListRow } from './nearby.queries.js';

/** A page of items plus the cursor of the next page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The donor's own donations, newest first. */
export async function listMyDonations(
  database: Database,
  donor: UserRow,
  query: { status?: DonationRow['status'] | undefined; limit: number; cursor?: string | undefined },
): Promise<Page<DonationListRow>> {
  const after = query.cursor
    ? decodeCursor(query.cursor, ['string', 'string'] as const)
    : undefined;
  const rows = await listDonationsByDonor(database.db, {
    donorId: donor.id,
    status: query.status,
    limit: query.limit + 1,
    after: after as [string, string] | undefined,
  });
  return pageOf(rows, query.limit, (last) => [
    last.donation.createdAt.toISOString(),
    last.donation.id,
  ]);
}

/**
 * Donations the user can act on: the volunteer feed for volunteers, pending donations for
 * receivers. Centred on the given point, else on the user's own location.
 */
export async function listAvailable(
  database: Database,
  user: UserRow,
  query: AvailableDonationsFilter,
): Promise<Page<FeedListRow>> {
  const feed = authorizeFeed(user);
  // A volunteer who set an area sees donations inside it: centred on their home unless the
  // page asks for another point, and never wider than their radius.
  const area = feed.kind === 'volunteer' ? await volunteerArea(database.db, user.id) : null;
  const center =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: query.lat, lng: query.lng }
      : (area?.center ?? userPoint(user));
  const radiusKm = area ? Math.min(query.radiusKm, area.radiusKm) : query.radiusKm;
  const sort = center ? query.sort : 'newest';
  const cursor = query.cursor;
  const rows = await listAvailableDonations(database.db, {
    feed,
    center,
    radiusKm,
    sort,
    limit: query.limit + 1,
    ...(cursor && sort === 'distance' && center
      ? { afterDistance: await distanceCursor(database, cursor, center) }
      : {}),
    ...(cursor && sort === 'newest'
      ? { afterNewest: decodeCursor(cursor, ['string', 'string'] as const) as [string, string] }
      : {}),
  });
  return pageOf(rows, query.limit, (last) =>
    sort === 'distance'
      ? [last.donation.id]
      : [last.donation.createdAt.toISOString(), last.donation.id],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A nearest-first cursor holds only the last donation's id: its exact distance would tell the
 * caller how far the exact pickup point is from a centre of their choosing (decision 0021). The
 * distance is recomputed here from the same centre.
 */
async function distanceCursor(
  database: Database,
  cursor: string,
  center: { lat: number; lng: number },
): Promise<[number, string]> {
  const [id] = decodeCursor(cursor, ['string'] as const);
  const km = UUID.test(id) ? await distanceToDonation(database.db, id, center) : undefined;
  if (km === undefined) throw new AppError('CURSOR_INVALID');
  return [km, id];
}

function pageOf<Row extends DonationListRow<FeedListRow['donation']>>(
  rows: Row[],
  limit: number,
  keyOf: (last: Row) => Array<string | number>,
): Page<Row> {
  const items = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    items,
    nextCursor: more && items.length > 0 ? encodeCursor(keyOf(items.at(-1)!)) : null,
  };
}
