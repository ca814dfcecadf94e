// The food on its way: collected by the volunteer, then delivered to (or accepted by) its
// destination.
import {
  assertTransition,
  donationStatusAfterCollection,
  measuredQuantityIssue,
  donorTokensForCollection,
  impactOfCollection,
  isFitForPeopleAt,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type ArrivalCondition,
  type CollectDonationData,
  type Quality,
} from '@annasetu/domain';
import type { Database, Tx } from '../../db/client.js';
import type { CollectionRow, DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { countWhatArrived, flagShortfall } from './what-arrived.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { mayReceiveAs } from '../requests/destination.policy.js';
import { insertCollection, markCollectionDelivered } from './collections.queries.js';
import { findDonation, updateDonation } from '../donations/donations.queries.js';
import { appendEvent } from '../events/events.queries.js';
import {
  insertNotifications,
  type NewNotification,
} from '../notifications/notifications.queries.js';
import * as uploadsPolicy from '../uploads/uploads.policy.js';
import { attachPhotoToCollection, lockPhoto } from '../uploads/uploads.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import { findRequest, rejectPendingRequests, updateRequest } from '../requests/requests.queries.js';
import {
  displayName,
  lockRequestWithDonation,
  logDonationMove,
  logRequestMove,
  rejectionNotices,
} from '../requests/requests.moves.js';
import { authorize } from '../requests/requests.policy.js';

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
    authorize(volunteer, 'collect', { request, donation });
    assertTransition('request', request.status, 'collected', 'volunteer');
    const donationStatus = donationStatusAfterCollection(input.quality);
    assertTransition('donation', donation.status, donationStatus, 'volunteer');
    // Past its safe-by time the food may still be collected, but only as not fit for people.
    if (input.quality === 'good' && !isFitForPeopleAt(donation, new Date())) {
      throw new AppError('FOOD_PAST_SAFE_BY');
    }

    const destination = await findUserById(tx, input.destinationUserId);
    if (!mayReceiveAs(destination, input.destinationType)) {
      throw invalidField('destinationUserId', 'DESTINATION_ROLE_MISMATCH');
    }
    let photoUrl: string | null = null;
    if (input.photoId) {
      // Only the volunteer's own photo, and only once.
      const photo = await lockPhoto(tx, input.photoId);
      if (!photo || !uploadsPolicy.can(volunteer, 'attach', photo))
        throw invalidField('photoId', 'PHOTO_INVALID');
      photoUrl = `/api/uploads/photos/${photo.id}`;
    }
    const picked = input.pickedQuantity ?? null;
    const pickedIssue =
      picked === null ? null : measuredQuantityIssue(picked, donation.unit, donation.quantity);
    if (pickedIssue) throw invalidField('pickedQuantity', pickedIssue);
    // What was found at pickup replaces the donor's estimate in the impact (decision 0064).
    const impact = impactOfCollection(picked ?? donation.quantity, donation.unit, input.quality);
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
      holdingAtPickup: input.holdingAtPickup ?? null,
      containerClosed: input.containerClosed ?? null,
      pickedQuantity: picked,
    });
    if (input.photoId) {
      await attachPhotoToCollection(tx, input.photoId, collection.id);
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
      pickedQuantity: picked,
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
      impactBasis: picked === null ? 'estimate' : 'picked',
      measuredQuantity: picked,
    });
    const donorTokens = donorTokensForCollection(input.quality);
    if (donorTokens > 0) await incrementUserCounters(tx, donation.donorId, { tokens: donorTokens });
    const rejected = await rejectPendingRequests(tx, donation.id);

    await logRequestMove(tx, request, 'collected', volunteer.id, 'request.collected', {
      quality: input.quality,
      destinationUserId: destination.id,
      ...(input.holdingAtPickup ? { holdingAtPickup: input.holdingAtPickup } : {}),
      ...(input.containerClosed !== undefined ? { containerClosed: input.containerClosed } : {}),
      ...(picked !== null ? { pickedQuantity: picked } : {}),
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
        data: { ...data, quality: input.quality },
      },
      {
        userId: donation.donorId,
        type: 'system',
        data: { ...data, quality: input.quality },
      },
      ...rejectionNotices(rejected, donation),
    ];
    // A food bank that asked for this food learns it is going elsewhere (product section 5).
    if (previousDestination && previousDestination !== destination.id) {
      notices.push({
        userId: previousDestination,
        type: 'request_cancelled',
        data: { ...data, quality: input.quality },
      });
    }
    await insertNotifications(tx, notices);
    return { request: collected, collection, destination: destinationInfo };
  });
}

/** What the destination records on receipt (decision 0063). */
export interface ReceiptCondition {
  /** A self delivery's outcome: fit for people or not (default good). */
  quality?: Quality | undefined;
  /** How the food looked on arrival. */
  arrivalCondition?: ArrivalCondition | undefined;
  /** The destination's note on the food's condition. */
  notes?: string | undefined;
  /** What arrived, in the donation's unit (decision 0064). */
  receivedQuantity?: number | undefined;
}

/**
 * The request reaches its destination: fulfilled. The volunteer marks it delivered, or the
 * destination confirms receipt with the food's condition on arrival; either way the volunteer
 * gets 5 tokens exactly once (the status move is the guard) and donor and destination are told.
 * A self delivery is confirmed by the destination straight from accepted, recording whether the
 * food was fit for people. On a request already delivered, the destination may still record the
 * condition on arrival, once (`recordArrival`).
 */
export async function fulfilRequest(
  database: Database,
  actor: UserRow,
  requestId: string,
  as: 'volunteer' | 'destination',
  condition?: ReceiptCondition,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    authorize(actor, as === 'volunteer' ? 'complete' : 'confirmReceipt', { request });
    const received = as === 'destination' ? (condition?.receivedQuantity ?? null) : null;
    const receivedIssue =
      received === null
        ? null
        : measuredQuantityIssue(
            received,
            donation.unit,
            request.pickedQuantity ?? donation.quantity,
          );
    if (receivedIssue) throw invalidField('receivedQuantity', receivedIssue);
    if (
      as === 'destination' &&
      request.status === 'fulfilled' &&
      (condition?.arrivalCondition || received !== null)
    ) {
      return recordArrival(tx, actor, { request, donation }, { ...condition, received });
    }
    if (request.status === 'accepted' && !(as === 'destination' && request.isSelfDelivery)) {
      throw new AppError('INVALID_TRANSITION');
    }
    assertTransition('request', request.status, 'fulfilled', as);

    const now = new Date();
    const changes: Partial<RequestRow> = { status: 'fulfilled', fulfilledAt: now };
    if (as === 'destination') {
      // The receiver's own words on the food, whoever carried it.
      Object.assign(changes, {
        condition: condition?.notes ?? null,
        arrivalCondition: condition?.arrivalCondition ?? null,
        arrivalCheckedAt: condition?.arrivalCondition || received !== null ? now : null,
        receivedQuantity: received,
      });
    }
    if (request.isSelfDelivery) {
      // The destination's check of the food decides the donation's outcome and the credit.
      const quality = condition?.quality ?? 'good';
      const impact = impactOfCollection(received ?? donation.quantity, donation.unit, quality);
      const donationStatus = donationStatusAfterCollection(quality);
      assertTransition('donation', donation.status, donationStatus, 'destination');
      Object.assign(changes, {
        quality,
        co2Saved: impact.co2Saved,
        destinationAccepted: true,
      });
      await updateDonation(tx, donation.id, {
        status: donationStatus,
        completedAt: new Date(),
        ...impact,
        impactBasis: received === null ? 'estimate' : 'received',
        measuredQuantity: received,
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
    if (!request.isSelfDelivery && received !== null) {
      Object.assign(changes, await countWhatArrived(tx, { request, donation }, received));
    }
    const fulfilled = await updateRequest(tx, request.id, changes);
    await markCollectionDelivered(tx, request.id);
    if (received !== null) await flagShortfall(tx, { request, donation }, received);
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
      {
        ...(condition?.arrivalCondition ? { arrivalCondition: condition.arrivalCondition } : {}),
        ...(received !== null ? { receivedQuantity: received } : {}),
      },
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
        data,
      });
    }
    await insertNotifications(tx, notices);
    return fulfilled;
  });
}

/**
 * The volunteer marked the food delivered before the destination confirmed it: the destination
 * records how it arrived and how much, each once (a second record answers 409 and changes
 * nothing). No status moves, no tokens; the impact follows the quantity (decision 0064) and
 * admins hear of a shortfall. The event log keeps who recorded it and when.
 */
async function recordArrival(
  tx: Tx,
  actor: UserRow,
  { request, donation }: { request: RequestRow; donation: DonationRow },
  record: ReceiptCondition & { received: number | null },
): Promise<RequestRow> {
  const { arrivalCondition, notes, received } = record;
  if (
    (arrivalCondition && request.arrivalCondition !== null) ||
    (received !== null && request.receivedQuantity !== null)
  ) {
    throw new AppError('ARRIVAL_CONDITION_ALREADY_RECORDED');
  }
  const changes: Partial<RequestRow> = { arrivalCheckedAt: new Date() };
  if (arrivalCondition) Object.assign(changes, { arrivalCondition, condition: notes ?? null });
  if (received !== null) {
    Object.assign(changes, { receivedQuantity: received });
    Object.assign(changes, await countWhatArrived(tx, { request, donation }, received));
  }
  const updated = await updateRequest(tx, request.id, changes);
  if (received !== null) await flagShortfall(tx, { request, donation }, received);
  await appendEvent(tx, {
    entityType: 'request',
    entityId: request.id,
    action: 'request.arrival_recorded',
    actorId: actor.id,
    data: {
      donationId: request.donationId,
      ...(arrivalCondition ? { arrivalCondition } : {}),
      ...(received !== null ? { receivedQuantity: received } : {}),
    },
  });
  return updated;
}

/** The destination accepts an incoming delivery addressed to it (destinationAccepted true). */
export async function acceptIncomingDelivery(
  database: Database,
  receiver: UserRow,
  requestId: string,
): Promise<RequestRow> {
  return database.db.transaction(async (tx) => {
    const { request, donation } = await lockRequestWithDonation(tx, requestId);
    authorize(receiver, 'acceptDelivery', { request });
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
