// The donor carries the food: the self-delivery assignment, at posting or later.
import type { DestinationType } from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { announceFeedChange } from '../../lib/live.js';
import { mayReceiveAs } from '../requests/destination.policy.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { insertRequest } from '../requests/requests.queries.js';
import { findUserById } from '../users/users.queries.js';
import { cancelOpenRequestsLogged } from './cancel-open-requests.js';
import { authorizeOwner } from './donations.policy.js';
import { findDonation, incrementDonationRequests, updateDonation } from './donations.queries.js';

/**
 * The self-delivery assignment: an already-accepted request to the destination the donor carries
 * the food to, logged, and the destination told.
 */
export async function scheduleSelfDelivery(
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
    authorizeOwner(donor, donation);
    if (
      donation.deliveryMethod !== 'volunteer' ||
      donation.status !== 'pending' ||
      donation.volunteerId !== null ||
      donation.expiryTime <= now
    ) {
      throw new AppError('INVALID_TRANSITION');
    }
    const destination = await findUserById(tx, input.destinationUserId);
    if (!mayReceiveAs(destination, input.destinationType)) {
      throw invalidField('destinationUserId', 'DESTINATION_ROLE_MISMATCH');
    }
    const cancelled = await cancelOpenRequestsLogged(tx, id, donor.id, 'donor_delivers');
    await insertNotifications(
      tx,
      cancelled.map((r) => ({
        userId: r.requesterId,
        type: 'request_cancelled' as const,
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
