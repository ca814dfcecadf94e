import {
  DEFAULT_COORDINATES,
  MAX_EXPIRY_HOURS,
  expiryTimeFor,
  isOpenForRequests,
  isOpenForVolunteers,
  type AvailableDonationsFilter,
  type DestinationType,
  type CreateDonationData,
  type Coordinates,
} from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { announceFeedChange } from '../../lib/live.js';
import { volunteerArea } from '../availability/availability.service.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import {
  cancelOpenRequests,
  insertRequest,
  isUniqueViolation,
} from '../requests/requests.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import {
  findDonation,
  findDonationWithDonor,
  incrementDonationRequests,
  insertDonation,
  listDonationsByDonor,
  markDonationDeleted,
  updateDonation,
  type DonationListRow,
} from './donations.queries.js';
import { distanceToDonation, listAvailableDonations, type FeedListRow } from './nearby.queries.js';
import { canSeeAnyDonation, feedFor, isDonationOwner } from './donations.policy.js';

const userPoint = (user: UserRow): Coordinates | null =>
  user.lat !== null && user.lng !== null ? { lat: user.lat, lng: user.lng } : null;

/**
 * Posts a donation. Donor fields are a snapshot of the profile; the pickup point and address
 * default to the donor's. Self delivery also creates the already-accepted request to the chosen
 * destination (the self-delivery assignment), in the same transaction.
 */
export async function createDonation(
  database: Database,
  donor: UserRow,
  input: CreateDonationData,
): Promise<{ donation: DonationRow; request: RequestRow | null }> {
  const pickup = input.pickupCoordinates ?? userPoint(donor) ?? DEFAULT_COORDINATES;
  const now = new Date();
  return database.db.transaction(async (tx) => {
    let destination: UserRow | undefined;
    if (input.deliveryMethod === 'self') {
      destination = await findUserById(tx, input.destinationUserId!);
      if (!destination || destination.role !== input.destinationType || destination.suspendedAt) {
        throw invalidField('destinationUserId', 'DESTINATION_ROLE_MISMATCH');
      }
    }
    let donation = await insertDonation(tx, {
      donorId: donor.id,
      donorName: donor.organizationName ?? donor.name,
      donorEmail: donor.email,
      donorPhone: donor.phone,
      donorAddress: donor.address,
      donorLat: donor.lat,
      donorLng: donor.lng,
      status: destination ? 'accepted' : 'pending',
      createdAt: now,
      updatedAt: now,
      expiryTime: expiryTimeFor(now, input.expiryHours),
      foodType: input.foodType,
      cuisine: input.cuisine,
      vegType: input.vegType,
      quantity: input.quantity,
      unit: input.unit,
      notes: input.notes ?? null,
      prepDate: input.prepDate,
      prepTime: input.prepTime,
      pickupAddress: input.pickupAddress ?? donor.address,
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      deliveryMethod: input.deliveryMethod,
      expiryHours: input.expiryHours,
    });
    await incrementUserCounters(tx, donor.id, { totalDonations: 1 });
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: donation.id,
      action: 'donation.created',
      actorId: donor.id,
      toStatus: donation.status,
    });
    if (!destination) {
      await announceFeedChange(tx, donation.id);
      return { donation, request: null };
    }

    const request = await scheduleSelfDelivery(
      tx,
      donation,
      donor,
      destination,
      input.destinationType!,
    );
    donation = { ...donation, totalRequests: donation.totalRequests + 1, acceptedRequests: 1 };
    return { donation, request };
  });
}

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
  const feed = feedFor(user);
  if (!feed) throw new AppError('FORBIDDEN');
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

/**
 * One donation, for someone entitled to see it: its donor, an admin, anyone for whom it is in
 * their feed, or anyone already involved through a request. Others get 404, so ids reveal nothing.
 */
export async function getDonation(
  database: Database,
  user: UserRow,
  id: string,
  isInvolved: (donationId: string, userId: string) => Promise<boolean>,
): Promise<{ donation: DonationRow; donorVerified: boolean }> {
  const found = await findDonationWithDonor(database.db, id);
  if (!found) throw new AppError('DONATION_GONE');
  const { donation } = found;
  if (isDonationOwner(user, donation) || canSeeAnyDonation(user)) return found;
  const feed = feedFor(user);
  const now = Date.now();
  if (feed?.kind === 'volunteer' && isOpenForVolunteers(donation, now)) return found;
  if (feed?.kind === 'receiver' && isOpenForRequests(donation, now)) return found;
  if (donation.volunteerId === user.id || (await isInvolved(donation.id, user.id))) return found;
  throw new AppError('DONATION_GONE');
}

/**
 * Deletes the donor's donation while nobody has collected it. Its open requests are cancelled
 * and each requester (and a volunteer on the way) is told.
 */
export async function deleteDonation(
  database: Database,
  donor: UserRow,
  id: string,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const donation = await findDonation(tx, id, { forUpdate: true });
    if (!donation) throw new AppError('DONATION_GONE');
    if (!isDonationOwner(donor, donation)) throw new AppError('FORBIDDEN');
    if (donation.status === 'completed' || donation.status === 'rejected') {
      throw new AppError('DONATION_NOT_DELETABLE');
    }
    await markDonationDeleted(tx, id);
    await announceFeedChange(tx, id);
    const cancelled = await cancelOpenRequests(tx, id);
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: id,
      action: 'donation.deleted',
      actorId: donor.id,
      fromStatus: donation.status,
      data: { cancelledRequests: cancelled.length },
    });
    for (const request of cancelled) {
      await appendEvent(tx, {
        entityType: 'request',
        entityId: request.id,
        action: 'request.cancelled',
        actorId: donor.id,
        fromStatus: request.status,
        toStatus: 'cancelled',
        data: { donationId: id, reason: 'donation_deleted' },
      });
    }
    const told = new Set<string>();
    const notices = [];
    for (const userId of [
      ...cancelled.map((r) => r.requesterId),
      ...(donation.volunteerId ? [donation.volunteerId] : []),
    ]) {
      if (told.has(userId) || userId === donor.id) continue;
      told.add(userId);
      notices.push({
        userId,
        type: 'donation_deleted' as const,
        title: 'Donation withdrawn',
        message: `${donation.donorName} withdrew the donation "${donation.foodType}".`,
        data: { donationId: id, actorName: donation.donorName, foodType: donation.foodType },
      });
    }
    await insertNotifications(tx, notices);
  });
}

/**
 * The self-delivery assignment: an already-accepted request to the destination the donor carries
 * the food to, logged, and the destination told.
 */
async function scheduleSelfDelivery(
  tx: DbOrTx,
  donation: DonationRow,
  donor: UserRow,
  destination: UserRow,
  destinationType: DestinationType,
): Promise<RequestRow> {
  const request = await insertRequest(tx, {
    donationId: donation.id,
    requesterId: destination.id,
    requesterName: destination.organizationName ?? destination.name,
    requesterEmail: destination.email,
    requesterPhone: destination.phone,
    requesterAddress: destination.address,
    requesterLat: destination.lat,
    requesterLng: destination.lng,
    status: 'accepted',
    foodType: donation.foodType,
    quantity: donation.quantity,
    unit: donation.unit,
    donorId: donor.id,
    donorName: donation.donorName,
    donorEmail: donation.donorEmail,
    donorAddress: donation.pickupAddress,
    isSelfDelivery: true,
    destinationUserId: destination.id,
    destinationName: destination.organizationName ?? destination.name,
    destinationEmail: destination.email,
    destinationAddress: destination.address,
    destinationPhone: destination.phone,
    destinationType,
    destinationNotified: true,
  });
  await incrementDonationRequests(tx, donation.id, 1);
  await appendEvent(tx, {
    entityType: 'request',
    entityId: request.id,
    action: 'request.self_delivery_scheduled',
    actorId: donor.id,
    toStatus: 'accepted',
    data: { donationId: donation.id, destinationUserId: destination.id },
  });
  await insertNotifications(tx, [
    {
      userId: destination.id,
      type: 'incoming_delivery',
      title: 'Incoming delivery',
      message: `${donation.donorName} will deliver ${donation.foodType} to you.`,
      data: {
        donationId: donation.id,
        requestId: request.id,
        actorName: donation.donorName,
        foodType: donation.foodType,
      },
    },
  ]);
  return request;
}

/**
 * The donor carries a volunteer-delivery donation nobody has taken to a receiver themselves:
 * it leaves the volunteer feed and coverage escalation, pending requests of others are closed,
 * and the destination gets an accepted self-delivery request as if it had been posted that way.
 */
export async function deliverDonationMyself(
  database: Database,
  donor: UserRow,
  id: string,
  input: { destinationType: DestinationType; destinationUserId: string },
  now = new Date(),
): Promise<{ donation: DonationRow; request: RequestRow }> {
  return database.db.transaction(async (tx) => {
    const donation = await findDonation(tx, id, { forUpdate: true });
    if (!donation) throw new AppError('DONATION_GONE');
    if (!isDonationOwner(donor, donation)) throw new AppError('FORBIDDEN');
    if (
      donation.deliveryMethod !== 'volunteer' ||
      donation.status !== 'pending' ||
      donation.volunteerId !== null ||
      donation.expiryTime <= now
    ) {
      throw new AppError('INVALID_TRANSITION');
    }
    const destination = await findUserById(tx, input.destinationUserId);
    if (!destination || destination.role !== input.destinationType || destination.suspendedAt) {
      throw invalidField('destinationUserId', 'DESTINATION_ROLE_MISMATCH');
    }
    const cancelled = await cancelOpenRequests(tx, id);
    for (const request of cancelled) {
      await appendEvent(tx, {
        entityType: 'request',
        entityId: request.id,
        action: 'request.cancelled',
        actorId: donor.id,
        fromStatus: request.status,
        toStatus: 'cancelled',
        data: { donationId: id, reason: 'donor_delivers' },
      });
    }
    await insertNotifications(
      tx,
      cancelled.map((r) => ({
        userId: r.requesterId,
        type: 'request_cancelled' as const,
        title: 'Request closed',
        message: `Your request for "${donation.foodType}" is closed.`,
        data: { donationId: id, requestId: r.id, foodType: donation.foodType },
      })),
    );
    let updated = await updateDonation(tx, id, {
      deliveryMethod: 'self',
      status: 'accepted',
      escalateAt: null,
      realert: false,
    });
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: id,
      action: 'donation.accepted',
      actorId: donor.id,
      fromStatus: 'pending',
      toStatus: 'accepted',
      data: { selfDelivery: true },
    });
    const request = await scheduleSelfDelivery(
      tx,
      updated,
      donor,
      destination,
      input.destinationType,
    );
    updated = { ...updated, totalRequests: updated.totalRequests + 1 };
    await announceFeedChange(tx, id);
    return { donation: updated, request };
  });
}

/**
 * The donor keeps an uncollected donation on offer `hours` longer (at most MAX_EXPIRY_HOURS after
 * it was posted). Coverage escalation starts over on the new time line, and the donor can be told
 * again if it is still unclaimed late in it.
 */
export async function extendDonationExpiry(
  database: Database,
  donor: UserRow,
  id: string,
  hours: number,
  now = new Date(),
): Promise<DonationRow> {
  return database.db.transaction(async (tx) => {
    const donation = await findDonation(tx, id, { forUpdate: true });
    if (!donation) throw new AppError('DONATION_GONE');
    if (!isDonationOwner(donor, donation)) throw new AppError('FORBIDDEN');
    if (
      (donation.status !== 'pending' && donation.status !== 'accepted') ||
      donation.expiryTime <= now
    ) {
      throw new AppError('INVALID_TRANSITION');
    }
    const expiryTime = new Date(donation.expiryTime.getTime() + hours * 3600_000);
    if (expiryTime.getTime() - donation.createdAt.getTime() > MAX_EXPIRY_HOURS * 3600_000) {
      throw new AppError('EXPIRY_EXTENSION_INVALID');
    }
    const updated = await updateDonation(tx, id, {
      expiryTime,
      expiryHours: donation.expiryHours + hours,
      ...(donation.deliveryMethod === 'volunteer' ? { escalateAt: now, donorToldAt: null } : {}),
    });
    await announceFeedChange(tx, id);
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: id,
      action: 'donation.expiry_extended',
      actorId: donor.id,
      data: { hours, expiryTime: expiryTime.toISOString() },
    });
    return updated;
  });
}

/**
 * A receiver (or individual) asks for a pending donation: request pending, the donation's
 * request count +1, the donor notified. The donation row is locked, so a request and the
 * donation's expiry or deletion cannot cross.
 */
export async function requestDonation(
  database: Database,
  requester: UserRow,
  donationId: string,
  input: { notes?: string | undefined; foodType?: string | undefined },
): Promise<RequestRow> {
  try {
    return await database.db.transaction(async (tx) => {
      const donation = await findDonation(tx, donationId, { forUpdate: true });
      if (!donation) throw new AppError('DONATION_GONE');
      if (donation.donorId === requester.id) throw new AppError('OWN_DONATION');
      if (
        donation.status === 'expired' ||
        (donation.status === 'pending' && donation.expiryTime.getTime() <= Date.now())
      ) {
        throw new AppError('DONATION_EXPIRED');
      }
      if (!isOpenForRequests(donation, Date.now())) throw new AppError('DONATION_UNAVAILABLE');
      const request = await insertRequest(tx, {
        donationId,
        requesterId: requester.id,
        requesterName: requester.organizationName ?? requester.name,
        requesterEmail: requester.email,
        requesterPhone: requester.phone,
        requesterAddress: requester.address,
        requesterLat: requester.lat,
        requesterLng: requester.lng,
        status: 'pending',
        foodType: input.foodType ?? donation.foodType,
        notes: input.notes ?? null,
        quantity: donation.quantity,
        unit: donation.unit,
        donorId: donation.donorId,
        donorName: donation.donorName,
        donorEmail: donation.donorEmail,
        donorAddress: donation.pickupAddress,
      });
      await incrementDonationRequests(tx, donationId);
      await incrementUserCounters(tx, requester.id, { totalRequests: 1 });
      await appendEvent(tx, {
        entityType: 'request',
        entityId: request.id,
        action: 'request.created',
        actorId: requester.id,
        toStatus: 'pending',
        data: { donationId },
      });
      await insertNotifications(tx, [
        {
          userId: donation.donorId,
          type: 'donation_request',
          title: 'New request for your donation',
          message: `${request.requesterName} requested "${donation.foodType}".`,
          data: {
            donationId,
            requestId: request.id,
            actorName: request.requesterName,
            foodType: donation.foodType,
          },
        },
      ]);
      return request;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'requests_open_per_requester_key'))
      throw new AppError('ALREADY_REQUESTED');
    throw error;
  }
}
