import {
  DEFAULT_COORDINATES,
  MAX_EXPIRY_HOURS,
  expiryTimeFor,
  foodSafeUntil,
  isOpenForRequests,
  type CreateDonationData,
  type Coordinates,
} from '@annasetu/domain';
import { DateTime } from 'luxon';
import type { Database } from '../../db/client.js';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { announceFeedChange } from '../../lib/live.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { insertRequest, isUniqueViolation } from '../requests/requests.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import {
  findDonation,
  findDonationWithDonor,
  incrementDonationRequests,
  insertDonation,
  markDonationDeleted,
  updateDonation,
} from './donations.queries.js';
import { cancelOpenRequestsLogged } from './cancel-open-requests.js';
import { authorizeOwner, canView } from './donations.policy.js';
import { scheduleSelfDelivery } from './self-delivery.service.js';
import { mayReceiveAs } from '../requests/destination.policy.js';

/** The user's own point, when their profile has one. */
export const userPoint = (user: UserRow): Coordinates | null =>
  user.lat !== null && user.lng !== null ? { lat: user.lat, lng: user.lng } : null;

/**
 * The preparation instant: the form's date and time on the donor's wall clock (their profile's
 * time zone, India by default).
 */
export function preparedAt(prepDate: string, prepTime: string, timeZone: string): Date {
  const local = DateTime.fromISO(`${prepDate}T${prepTime.slice(0, 5)}`, { zone: timeZone });
  return (
    local.isValid
      ? local
      : DateTime.fromISO(`${prepDate}T${prepTime.slice(0, 5)}`, { zone: 'Asia/Kolkata' })
  ).toJSDate();
}

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
  // Packaged food already past its use-by is not offered for people at all.
  if (input.useBy !== undefined && Date.parse(input.useBy) <= now.getTime()) {
    throw invalidField('useBy', 'USE_BY_PAST');
  }
  const safeUntil = input.holding
    ? foodSafeUntil({
        holding: input.holding,
        preparedAt: preparedAt(input.prepDate, input.prepTime, input.timeZone ?? donor.timeZone),
        useBy: input.useBy ?? null,
      })
    : null;
  return database.db.transaction(async (tx) => {
    let destination: UserRow | undefined;
    if (input.deliveryMethod === 'self') {
      destination = await findUserById(tx, input.destinationUserId!);
      if (!mayReceiveAs(destination, input.destinationType!)) {
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
      holding: input.holding ?? null,
      useBy: input.useBy ? new Date(input.useBy) : null,
      allergens: input.allergens,
      foodSafeUntil: safeUntil,
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

/**
 * One donation, for someone entitled to see it: its donor, an admin, anyone for whom it is in
 * their feed, or anyone already involved through a request. Others get 404, so ids reveal nothing.
 */
export async function getDonation(
  database: Database,
  user: UserRow,
  id: string,
  isInvolved: (donationId: string, userId: string) => Promise<boolean>,
): Promise<NonNullable<Awaited<ReturnType<typeof findDonationWithDonor>>>> {
  const found = await findDonationWithDonor(database.db, id);
  if (!found) throw new AppError('DONATION_GONE');
  const { donation } = found;
  if (await canView(user, donation, () => isInvolved(donation.id, user.id))) return found;
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
    authorizeOwner(donor, donation);
    if (donation.status === 'completed' || donation.status === 'rejected') {
      throw new AppError('DONATION_NOT_DELETABLE');
    }
    await markDonationDeleted(tx, id);
    await announceFeedChange(tx, id);
    const cancelled = await cancelOpenRequestsLogged(tx, id, donor.id, 'donation_deleted');
    await appendEvent(tx, {
      entityType: 'donation',
      entityId: id,
      action: 'donation.deleted',
      actorId: donor.id,
      fromStatus: donation.status,
      data: { cancelledRequests: cancelled.length },
    });
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
        data: { donationId: id, actorName: donation.donorName, foodType: donation.foodType },
      });
    }
    await insertNotifications(tx, notices);
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
    authorizeOwner(donor, donation);
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
