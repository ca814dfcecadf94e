import {
  DESTINATION_TYPES,
  REQUEST_FILTER_STATUSES,
  assertTransition,
  donationStatusAfterCollection,
  donorTokensForCollection,
  impactOfCollection,
  isOpenForRequests,
  roleMatchesDestination,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type CollectDonationData,
  type DestinationType,
  type EventAction,
  type Quality,
  type RequestFilter,
} from '@annasetu/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import type { CollectionRow, DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { insertCollection, markCollectionDelivered } from '../collections/collections.queries.js';
import {
  claimDonationForVolunteer,
  findDonation,
  updateDonation,
} from '../donations/donations.queries.js';
import { announceFeedChange } from '../../lib/live.js';
import { enforcePickupCap } from '../availability/availability.service.js';
import { appendEvent } from '../events/events.queries.js';
import {
  insertNotifications,
  type NewNotification,
} from '../notifications/notifications.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import {
  findAcceptedReceiverRequest,
  findRequest,
  insertRequest,
  listIncomingDeliveries,
  listRequestsForUser,
  rejectPendingRequests,
  updateRequest,
} from './requests.queries.js';

const displayName = (user: Pick<UserRow, 'name' | 'organizationName'>) =>
  user.organizationName ?? user.name;

/** Locks the donation, then the request (always in this order, so two flows cannot deadlock). */
async function lockRequestWithDonation(
  tx: Tx,
  requestId: string,
): Promise<{ request: RequestRow; donation: DonationRow }> {
  const peek = await findRequest(tx, requestId);
  if (!peek) throw new AppError('NOT_FOUND');
  const donation = await findDonation(tx, peek.donationId, { forUpdate: true });
  if (!donation) throw new AppError('DONATION_GONE');
  const request = (await findRequest(tx, requestId, { forUpdate: true }))!;
  return { request, donation };
}

async function logRequestMove(
  tx: Tx,
  request: RequestRow,
  to: RequestRow['status'],
  actorId: string | null,
  action: EventAction,
  data: Record<string, unknown> = {},
) {
  await appendEvent(tx, {
    entityType: 'request',
    entityId: request.id,
    action,
    actorId,
    fromStatus: request.status,
    toStatus: to,
    data: { donationId: request.donationId, ...data },
  });
}

async function logDonationMove(
  tx: Tx,
  donation: DonationRow,
  to: DonationRow['status'],
  actorId: string | null,
  action: EventAction,
) {
  if (donation.status === to) return;
  await appendEvent(tx, {
    entityType: 'donation',
    entityId: donation.id,
    action,
    actorId,
    fromStatus: donation.status,
    toStatus: to,
  });
}

function rejectionNotices(rejected: RequestRow[], donation: DonationRow): NewNotification[] {
  return rejected.map((r) => ({
    userId: r.requesterId,
    type: 'request_rejected',
    title: 'Request not accepted',
    message: `Your request for "${donation.foodType}" was not accepted.`,
    data: {
      donationId: donation.id,
      requestId: r.id,
      actorName: donation.donorName,
      foodType: donation.foodType,
    },
  }));
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
    if (donation.donorId !== donor.id) throw new AppError('FORBIDDEN');
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
        title: 'Request accepted',
        message: `${donation.donorName} accepted your request for "${donation.foodType}".`,
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
    if (donation.donorId !== donor.id) throw new AppError('FORBIDDEN');
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
    if (request.requesterId !== requester.id || request.isVolunteerRequest)
      throw new AppError('FORBIDDEN');
    assertTransition('request', request.status, 'cancelled', 'requester');
    await updateRequest(tx, request.id, { status: 'cancelled' });
    await logRequestMove(tx, request, 'cancelled', requester.id, 'request.withdrawn');
  });
}

/**
 * A volunteer grabs a volunteer-delivery donation. The claim is one conditional UPDATE: of many
 * volunteers grabbing at once exactly one wins; the others get DONATION_UNAVAILABLE. The winner
 * carries the receiver's accepted request (isRoutedByVolunteer) or, with none, a new accepted
 * volunteer request.
 */
export async function grabDonation(
  database: Database,
  volunteer: UserRow,
  donationId: string,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    // The volunteer's daily cap, checked under a lock on their availability row.
    await enforcePickupCap(tx, volunteer.id);
    const before = await findDonation(tx, donationId);
    const claimed = await claimDonationForVolunteer(tx, donationId, {
      id: volunteer.id,
      name: volunteer.name,
    });
    if (!claimed) throw new AppError('DONATION_UNAVAILABLE');
    await announceFeedChange(tx, donationId);
    const volunteerFields = {
      volunteerId: volunteer.id,
      volunteerName: volunteer.name,
      volunteerEmail: volunteer.email,
    };
    const routed = await findAcceptedReceiverRequest(tx, donationId);
    let request: RequestRow;
    if (routed) {
      request = await updateRequest(tx, routed.id, {
        ...volunteerFields,
        isRoutedByVolunteer: true,
      });
      await appendEvent(tx, {
        entityType: 'request',
        entityId: routed.id,
        action: 'request.routed_by_volunteer',
        actorId: volunteer.id,
        data: { donationId },
      });
    } else {
      request = await insertRequest(tx, {
        donationId,
        requesterId: volunteer.id,
        requesterName: volunteer.name,
        requesterEmail: volunteer.email,
        requesterPhone: volunteer.phone,
        // A volunteer's home address and point are never copied to a request: they reach no one.
        requesterAddress: '',
        requesterLat: null,
        requesterLng: null,
        status: 'accepted',
        foodType: claimed.foodType,
        quantity: claimed.quantity,
        unit: claimed.unit,
        donorId: claimed.donorId,
        donorName: claimed.donorName,
        donorEmail: claimed.donorEmail,
        donorAddress: claimed.pickupAddress,
        isVolunteerRequest: true,
        ...volunteerFields,
      });
      await appendEvent(tx, {
        entityType: 'request',
        entityId: request.id,
        action: 'request.volunteer_accepted',
        actorId: volunteer.id,
        toStatus: 'accepted',
        data: { donationId },
      });
    }
    if (before) await logDonationMove(tx, before, 'accepted', volunteer.id, 'donation.grabbed');
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: donationId,
      action: 'donation.volunteer_assigned',
      actorId: volunteer.id,
    });
    await insertNotifications(tx, [
      {
        userId: claimed.donorId,
        type: 'donation_grabbed',
        title: 'A volunteer is on the way',
        message: `${volunteer.name} will collect "${claimed.foodType}".`,
        data: {
          donationId,
          requestId: request.id,
          actorName: volunteer.name,
          foodType: claimed.foodType,
        },
      },
    ]);
    return request;
  });
}

/**
 * A volunteer who cannot go gives the donation back before collecting it: it returns to the
 * volunteer feed (a receiver's accepted request stays accepted), and the donor is told.
 */
export async function releaseDonation(
  database: Database,
  volunteer: UserRow,
  donationId: string,
  reason?: string,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const donation = await findDonation(tx, donationId, { forUpdate: true });
    if (!donation) throw new AppError('DONATION_GONE');
    if (donation.volunteerId !== volunteer.id) throw new AppError('FORBIDDEN');
    if (donation.status !== 'accepted') throw new AppError('INVALID_TRANSITION');
    const routed = await findAcceptedReceiverRequest(tx, donationId);
    const clearVolunteer = { volunteerId: null, volunteerName: null, volunteerEmail: null };
    if (routed && !routed.isVolunteerRequest) {
      await updateRequest(tx, routed.id, { ...clearVolunteer, isRoutedByVolunteer: false });
    }
    const own = await listRequestsForUser(tx, {
      userId: volunteer.id,
      statuses: ['accepted'],
      donationId,
      limit: 10,
    });
    for (const request of own.filter((r) => r.isVolunteerRequest)) {
      assertTransition('request', request.status, 'cancelled', 'volunteer');
      await updateRequest(tx, request.id, { status: 'cancelled' });
      await logRequestMove(
        tx,
        request,
        'cancelled',
        volunteer.id,
        'request.released',
        reason ? { reason } : {},
      );
    }
    const nextStatus = routed ? 'accepted' : 'pending';
    // A released grab re-enters coverage escalation at once.
    await updateDonation(tx, donationId, {
      volunteerId: null,
      volunteerName: null,
      status: nextStatus,
      ...(donation.deliveryMethod === 'volunteer' ? { escalateAt: new Date(), realert: true } : {}),
    });
    await announceFeedChange(tx, donationId);
    await logDonationMove(tx, donation, nextStatus, volunteer.id, 'donation.released');
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: donationId,
      action: 'donation.volunteer_released',
      actorId: volunteer.id,
      data: reason ? { reason } : {},
    });
    await insertNotifications(tx, [
      {
        userId: donation.donorId,
        type: 'donation_released',
        title: 'Volunteer cannot come',
        message: `${volunteer.name} released "${donation.foodType}"; it is open to other volunteers again.${reason ? ` Reason: ${reason}` : ''}`,
        data: { donationId, actorName: volunteer.name, foodType: donation.foodType },
      },
    ]);
  });
}

/** What the volunteer sees after collecting: where to take the food. */
export interface CollectResult {
  request: RequestRow;
  collection: CollectionRow;
  destination: { name: string; email: string; address: string; phone: string };
}

/**
 * The volunteer records the collection, in one transaction: collection record, request collected
 * with the destination stored, donation completed (good) or rejected (bad), donor +10 tokens and
 * CO2/meals credited on good food, other pending requests rejected, destination notified (and a
 * food bank that asked for food that turned out bad is told).
 */
export async function collectDonation(
  database: Database,
  volunteer: UserRow,
  input: CollectDonationData,
): Promise<CollectResult> {
  return database.db.transaction(async (tx) => {
    const donation = await findDonation(tx, input.donationId, { forUpdate: true });
    if (!donation) throw new AppError('DONATION_GONE');
    const request = await findRequest(tx, input.requestId, { forUpdate: true });
    if (!request || request.donationId !== donation.id) throw new AppError('REQUEST_INFO_MISSING');
    if (request.volunteerId !== volunteer.id || donation.volunteerId !== volunteer.id)
      throw new AppError('FORBIDDEN');
    assertTransition('request', request.status, 'collected', 'volunteer');
    const donationStatus = donationStatusAfterCollection(input.quality);
    assertTransition('donation', donation.status, donationStatus, 'volunteer');

    const destination = await findUserById(tx, input.destinationUserId);
    if (
      !destination ||
      destination.suspendedAt ||
      !roleMatchesDestination(destination.role, input.destinationType)
    ) {
      throw invalidField('destinationUserId', 'DESTINATION_ROLE_MISMATCH');
    }
    let photoUrl: string | null = null;
    if (input.photoId) {
      // Only the volunteer's own photo, and only once.
      const [photo] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.id, input.photoId),
            eq(uploads.ownerId, volunteer.id),
            isNull(uploads.collectionId),
          ),
        )
        .for('update');
      if (!photo) throw invalidField('photoId', 'PHOTO_INVALID');
      photoUrl = `/api/uploads/photos/${photo.id}`;
    }
    const impact = impactOfCollection(donation.quantity, donation.unit, input.quality);
    const destinationInfo = {
      name: displayName(destination),
      email: destination.email,
      address: destination.address,
      phone: destination.phone,
    };
    const collection = await insertCollection(tx, {
      donationId: donation.id,
      requestId: request.id,
      volunteerId: volunteer.id,
      volunteerName: volunteer.name,
      volunteerEmail: volunteer.email,
      photoUrl,
      quality: input.quality,
      destinationType: input.destinationType,
      destinationUserId: destination.id,
      co2Saved: impact.co2Saved,
      notes: input.notes ?? null,
    });
    if (input.photoId) {
      await tx
        .update(uploads)
        .set({ collectionId: collection.id })
        .where(eq(uploads.id, input.photoId));
    }
    const previousDestination = request.destinationUserId;
    const collected = await updateRequest(tx, request.id, {
      status: 'collected',
      quality: input.quality,
      co2Saved: impact.co2Saved,
      collectedAt: new Date(),
      destinationUserId: destination.id,
      destinationName: destinationInfo.name,
      destinationEmail: destinationInfo.email,
      destinationAddress: destinationInfo.address,
      destinationPhone: destinationInfo.phone,
      destinationType: input.destinationType,
      destinationNotified: true,
      destinationAccepted:
        previousDestination === destination.id ? request.destinationAccepted : false,
    });
    await updateDonation(tx, donation.id, {
      status: donationStatus,
      completedAt: new Date(),
      co2Saved: impact.co2Saved,
      mealsDonated: impact.mealsDonated,
      kgDonated: impact.kgDonated,
    });
    const donorTokens = donorTokensForCollection(input.quality);
    if (donorTokens > 0) await incrementUserCounters(tx, donation.donorId, { tokens: donorTokens });
    const rejected = await rejectPendingRequests(tx, donation.id);

    await logRequestMove(tx, request, 'collected', volunteer.id, 'request.collected', {
      quality: input.quality,
      destinationUserId: destination.id,
    });
    for (const r of rejected)
      await logRequestMove(tx, r, 'rejected', volunteer.id, 'request.rejected', {
        reason: 'collected_elsewhere',
      });
    await logDonationMove(
      tx,
      donation,
      donationStatus,
      volunteer.id,
      `donation.collected_${input.quality}`,
    );

    const data = {
      donationId: donation.id,
      requestId: request.id,
      foodType: donation.foodType,
      actorName: volunteer.name,
    };
    const notices: NewNotification[] = [
      {
        userId: destination.id,
        type: 'incoming_delivery',
        title: 'Incoming delivery',
        message: `${volunteer.name} is bringing "${donation.foodType}" to you.`,
        data: { ...data, quality: input.quality },
      },
      {
        userId: donation.donorId,
        type: 'system',
        title:
          input.quality === 'good' ? 'Your food is on its way' : 'Your food was not fit for people',
        message:
          input.quality === 'good'
            ? `${volunteer.name} collected "${donation.foodType}". You earned ${donorTokens} tokens.`
            : `${volunteer.name} found "${donation.foodType}" unfit for people; it goes to a ${input.destinationType} instead.`,
        data: { ...data, quality: input.quality },
      },
      ...rejectionNotices(rejected, donation),
    ];
    // A food bank that asked for this food learns it is going elsewhere (product section 5).
    if (previousDestination && previousDestination !== destination.id) {
      notices.push({
        userId: previousDestination,
        type: 'request_cancelled',
        title: 'Food not fit for people',
        message: `"${donation.foodType}" turned out unfit for people and goes to a ${input.destinationType} instead.`,
        data: { ...data, quality: input.quality },
      });
    }
    await insertNotifications(tx, notices);
    return { request: collected, collection, destination: destinationInfo };
  });
}

/**
 * The request reaches its destination: fulfilled. The volunteer marks it delivered, or the
 * destination confirms receipt; either way the volunteer gets 5 tokens exactly once (the status
 * move is the guard) and donor and destination are told. A self delivery is confirmed by the
 * destination straight from accepted, recording the food's condition.
 */
export async function fulfilRequest(
  database: Database,
  actor: UserRow,
  requestId: string,
  as: 'volunteer' | 'destination',
  condition?: { quality?: Quality | undefined; notes?: string | undefined },
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    if (as === 'volunteer' && request.volunteerId !== actor.id) throw new AppError('FORBIDDEN');
    if (as === 'destination' && request.destinationUserId !== actor.id)
      throw new AppError('FORBIDDEN');
    if (request.status === 'accepted' && !(as === 'destination' && request.isSelfDelivery)) {
      throw new AppError('INVALID_TRANSITION');
    }
    assertTransition('request', request.status, 'fulfilled', as);

    const changes: Partial<RequestRow> = { status: 'fulfilled', fulfilledAt: new Date() };
    if (request.isSelfDelivery) {
      // The destination's check of the food decides the donation's outcome and the credit.
      const quality = condition?.quality ?? 'good';
      const impact = impactOfCollection(donation.quantity, donation.unit, quality);
      const donationStatus = donationStatusAfterCollection(quality);
      assertTransition('donation', donation.status, donationStatus, 'destination');
      Object.assign(changes, {
        quality,
        co2Saved: impact.co2Saved,
        condition: condition?.notes ?? null,
        destinationAccepted: true,
      });
      await updateDonation(tx, donation.id, {
        status: donationStatus,
        completedAt: new Date(),
        ...impact,
      });
      const tokens = donorTokensForCollection(quality);
      if (tokens > 0) await incrementUserCounters(tx, donation.donorId, { tokens });
      await logDonationMove(
        tx,
        donation,
        donationStatus,
        actor.id,
        `donation.self_delivered_${quality}`,
      );
    }
    const fulfilled = await updateRequest(tx, request.id, changes);
    await markCollectionDelivered(tx, request.id);
    if (request.volunteerId) {
      await incrementUserCounters(tx, request.volunteerId, {
        tokens: VOLUNTEER_TOKENS_PER_COMPLETION,
      });
    }
    await logRequestMove(
      tx,
      request,
      'fulfilled',
      actor.id,
      as === 'volunteer' ? 'request.delivered' : 'request.receipt_confirmed',
    );

    const data = {
      donationId: donation.id,
      requestId: request.id,
      foodType: donation.foodType,
      actorName: displayName(actor),
    };
    const told = new Set<string>([actor.id]);
    const notices: NewNotification[] = [];
    for (const userId of [
      donation.donorId,
      request.destinationUserId,
      request.requesterId,
      request.volunteerId,
    ]) {
      if (!userId || told.has(userId)) continue;
      told.add(userId);
      notices.push({
        userId,
        type: 'delivery_completed',
        title: 'Delivery completed',
        message: `"${donation.foodType}" reached ${request.destinationName ?? 'its destination'}.`,
        data,
      });
    }
    await insertNotifications(tx, notices);
    return fulfilled;
  });
}

/** The destination accepts an incoming delivery addressed to it (destinationAccepted true). */
export async function acceptIncomingDelivery(
  database: Database,
  receiver: UserRow,
  requestId: string,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    if (request.destinationUserId !== receiver.id) throw new AppError('FORBIDDEN');
    if (request.status !== 'accepted' && request.status !== 'collected')
      throw new AppError('INVALID_TRANSITION');
    if (request.destinationAccepted) return request; // a repeat (double click) changes nothing
    const updated = await updateRequest(tx, request.id, { destinationAccepted: true });
    await appendEvent(tx, {
      entityType: 'request',
      entityId: request.id,
      action: 'request.delivery_accepted',
      actorId: receiver.id,
      data: { donationId: donation.id },
    });
    const notices: NewNotification[] = [request.volunteerId, donation.donorId]
      .filter((id): id is string => !!id && id !== receiver.id)
      .map((userId) => ({
        userId,
        type: 'delivery_accepted' as const,
        title: 'Delivery accepted',
        message: `${displayName(receiver)} is expecting "${donation.foodType}".`,
        data: {
          donationId: donation.id,
          requestId: request.id,
          foodType: donation.foodType,
          actorName: displayName(receiver),
        },
      }));
    await insertNotifications(tx, notices);
    return updated;
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
): Promise<{ items: RequestRow[]; nextCursor: string | null }> {
  const after = query.cursor
    ? (decodeCursor(query.cursor, ['string', 'string'] as const) as [string, string])
    : undefined;
  const statuses = REQUEST_FILTER_STATUSES[query.filter] ?? null;
  const rows = await listRequestsForUser(database.db, {
    userId: user.role === 'admin' ? null : user.id,
    statuses,
    donationId: query.donationId,
    limit: query.limit + 1,
    after,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([last.createdAt.toISOString(), last.id])
        : null,
  };
}

/** Incoming deliveries of a receiver: destination = me, accepted, collected or fulfilled. */
export async function listIncoming(
  database: Database,
  receiver: UserRow,
  limit: number,
): Promise<RequestRow[]> {
  return listIncomingDeliveries(database.db, receiver.id, limit);
}
