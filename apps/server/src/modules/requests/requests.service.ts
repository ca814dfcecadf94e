import {
  DESTINATION_TYPES,
  REQUEST_FILTER_STATUSES,
  assertTransition,
  isOpenForRequests,
  type DestinationType,
  type RequestFilter,
} from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { RequestRow, UserRow } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import {
  listFoodSafety,
  listPickupPoints,
  updateDonation,
} from '../donations/donations.queries.js';
import { announceFeedChange } from '../../lib/live.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { findUserById, listFssaiNumbers, listUserPoints } from '../users/users.queries.js';
import {
  listIncomingDeliveries,
  listRequestsForUser,
  rejectPendingRequests,
  updateRequest,
} from './requests.queries.js';
import {
  lockRequestWithDonation,
  logDonationMove,
  logRequestMove,
  rejectionNotices,
} from './requests.moves.js';
import { authorize, seesEveryRequest } from './requests.policy.js';
import { feedbackViewFor } from './feedback.service.js';
import type { FeedbackView, RequestFood, RequestPoints } from './requests.presenter.js';

/** A request with where its food is picked up and dropped off, for the lists. */
export type RequestWithPoints = RequestRow & { points: RequestPoints; food: RequestFood };

/**
 * The pickup point (the donation's) and drop-off point (the destination's own, so the trip
 * follows a receiver who moved) of each request, in two reads for the whole list.
 */
export async function withPoints(db: DbOrTx, rows: RequestRow[]): Promise<RequestWithPoints[]> {
  const pickups = await listPickupPoints(
    db,
    rows.map((r) => r.donationId),
  );
  const places = await listUserPoints(
    db,
    rows.flatMap((r) => (r.destinationUserId ? [r.destinationUserId] : [])),
  );
  const food = await listFoodSafety(
    db,
    rows.map((r) => r.donationId),
  );
  const fssai = await listFssaiNumbers(
    db,
    rows.flatMap((r) => [r.donorId, ...(r.destinationUserId ? [r.destinationUserId] : [])]),
  );
  return rows.map((row) => {
    const pickup = pickups.get(row.donationId);
    return {
      ...row,
      food: {
        safety: food.get(row.donationId) ?? null,
        donorFssai: fssai.get(row.donorId),
        destinationFssai: row.destinationUserId ? fssai.get(row.destinationUserId) : undefined,
      },
      points: {
        pickup: pickup ? { lat: pickup.lat, lng: pickup.lng } : null,
        collectBy: pickup?.collectBy ?? null,
        dropoff: (row.destinationUserId && places.get(row.destinationUserId)) || null,
      },
    };
  });
}

/**
 * The donor accepts a receiver's request: the request and donation become accepted, the
 * requester becomes the destination, and every other pending request on the donation is
 * rejected (each requester told).
 */
export async function acceptRequest(
  database: Database,
  donor: UserRow,
  requestId: string,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    authorize(donor, 'accept', { donation });
    if (request.isVolunteerRequest || request.isSelfDelivery)
      throw new AppError('INVALID_TRANSITION');
    assertTransition('request', request.status, 'accepted', 'donor');
    if (!isOpenForRequests(donation, Date.now())) throw new AppError('DONATION_UNAVAILABLE');
    assertTransition('donation', donation.status, 'accepted', 'donor');

    const requester = await findUserById(tx, request.requesterId);
    // Receivers are destinations of their own type; an individual's request has no type.
    const destinationType =
      requester && (DESTINATION_TYPES as readonly string[]).includes(requester.role)
        ? (requester.role as DestinationType)
        : null;
    const accepted = await updateRequest(tx, request.id, {
      status: 'accepted',
      destinationUserId: request.requesterId,
      destinationName: request.requesterName,
      destinationEmail: request.requesterEmail,
      destinationAddress: request.requesterAddress,
      destinationPhone: request.requesterPhone,
      destinationType,
      destinationNotified: true,
      // A volunteer may already be carrying this donation: the request is routed through them.
      ...(donation.volunteerId
        ? {
            isRoutedByVolunteer: true,
            volunteerId: donation.volunteerId,
            volunteerName: donation.volunteerName,
          }
        : {}),
    });
    await updateDonation(tx, donation.id, {
      status: 'accepted',
      acceptedRequests: donation.acceptedRequests + 1,
    });
    await announceFeedChange(tx, donation.id);
    const rejected = await rejectPendingRequests(tx, donation.id);
    await logRequestMove(tx, request, 'accepted', donor.id, 'request.accepted');
    for (const r of rejected)
      await logRequestMove(tx, r, 'rejected', donor.id, 'request.rejected', {
        reason: 'another_accepted',
      });
    await logDonationMove(tx, donation, 'accepted', donor.id, 'donation.accepted');
    await insertNotifications(tx, [
      {
        userId: request.requesterId,
        type: 'request_accepted',
        data: {
          donationId: donation.id,
          requestId: request.id,
          actorName: donation.donorName,
          foodType: donation.foodType,
        },
      },
      ...rejectionNotices(rejected, donation),
    ]);
    return accepted;
  });
}

/** The donor declines a pending request; the requester is told. */
export async function rejectRequest(
  database: Database,
  donor: UserRow,
  requestId: string,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    authorize(donor, 'reject', { donation });
    assertTransition('request', request.status, 'rejected', 'donor');
    const rejected = await updateRequest(tx, request.id, { status: 'rejected' });
    await logRequestMove(tx, request, 'rejected', donor.id, 'request.rejected');
    await insertNotifications(tx, rejectionNotices([request], donation));
    return rejected;
  });
}

/** The requester withdraws a request that is still pending. */
export async function withdrawRequest(
  database: Database,
  requester: UserRow,
  requestId: string,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const { request } = await lockRequestWithDonation(tx, requestId);
    authorize(requester, 'withdraw', { request });
    assertTransition('request', request.status, 'cancelled', 'requester');
    await updateRequest(tx, request.id, { status: 'cancelled' });
    await logRequestMove(tx, request, 'cancelled', requester.id, 'request.withdrawn');
  });
}

/** Requests the user takes part in, filtered as on the requests screen, newest first. */
export async function listMyRequests(
  database: Database,
  user: UserRow,
  query: {
    filter: RequestFilter;
    donationId?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ items: RequestWithPoints[]; nextCursor: string | null; feedback: FeedbackView }> {
  const after = query.cursor
    ? (decodeCursor(query.cursor, ['string', 'string'] as const) as [string, string])
    : undefined;
  const statuses = REQUEST_FILTER_STATUSES[query.filter] ?? null;
  const rows = await listRequestsForUser(database.db, {
    userId: seesEveryRequest(user) ? null : user.id,
    statuses,
    donationId: query.donationId,
    limit: query.limit + 1,
    after,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: await withPoints(database.db, items),
    feedback: await feedbackViewFor(database.db, user, items),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([last.createdAt.toISOString(), last.id])
        : null,
  };
}

/**
 * Incoming deliveries of a receiver: destination = me, accepted, collected or fulfilled, with
 * what the receiver rated and the ratings of the donor and volunteer.
 */
export async function listIncoming(
  database: Database,
  receiver: UserRow,
  limit: number,
): Promise<{ items: RequestRow[]; feedback: FeedbackView }> {
  const items = await listIncomingDeliveries(database.db, receiver.id, limit);
  return { items, feedback: await feedbackViewFor(database.db, receiver, items) };
}
