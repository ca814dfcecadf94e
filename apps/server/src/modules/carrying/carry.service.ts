// A volunteer takes a donation to carry, or gives it back before collecting it.
import { assertTransition, isHygieneCurrent, pickupDeadline } from '@annasetu/domain';
import type { Database, Tx } from '../../db/client.js';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import {
  claimDonationForVolunteer,
  findDonation,
  updateDonation,
} from '../donations/donations.queries.js';
import { announceFeedChange } from '../../lib/live.js';
import { enforcePickupCap } from '../availability/availability.service.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import {
  findAcceptedReceiverRequest,
  insertRequest,
  listRequestsForUser,
  updateRequest,
} from '../requests/requests.queries.js';
import { logDonationMove, logRequestMove } from '../requests/requests.moves.js';
import { authorize } from '../requests/requests.policy.js';

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
  // Food goes only to hands that know how to keep it safe (decision 0067): a pass a year old or
  // less. Checked before any row is locked: nothing is claimed for an untrained volunteer.
  if (!isHygieneCurrent(volunteer.hygienePassedAt)) throw new AppError('HYGIENE_TRAINING_REQUIRED');
  return database.db.transaction(async (tx) => {
    // The volunteer's daily cap, checked under a lock on their availability row.
    await enforcePickupCap(tx, volunteer.id);
    const before = await findDonation(tx, donationId);
    const claimed = await claimDonationForVolunteer(tx, donationId, {
      id: volunteer.id,
      name: volunteer.name,
    });
    if (!claimed) throw new AppError('DONATION_UNAVAILABLE');
    // The grab's no-show clock (decision 0061): a reminder, then the deadline to collect by.
    const grabbedAt = new Date();
    const { remindAt, collectBy } = pickupDeadline(grabbedAt, claimed.expiryTime);
    await updateDonation(tx, donationId, {
      grabbedAt,
      collectBy,
      remindedAt: null,
      noShowCheckAt: remindAt,
    });
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
    authorize(volunteer, 'release', { donation });
    if (donation.status !== 'accepted') throw new AppError('INVALID_TRANSITION');
    await giveBack(tx, donation, volunteer, reason ? { reason } : {});
  });
}

/**
 * Puts a grabbed donation back as a release does, on a donation row the caller holds locked:
 * the volunteer's own request cancelled, a receiver's request kept without them, the donation
 * back on offer with coverage escalation restarted at once, the donor told. The voluntary
 * release and the no-show job (`data.automatic`) share it, so both leave the same rows behind.
 */
export async function giveBack(
  tx: Tx,
  donation: DonationRow,
  volunteer: Pick<UserRow, 'id' | 'name'>,
  data: Record<string, unknown>,
): Promise<void> {
  const donationId = donation.id;
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
    await logRequestMove(tx, request, 'cancelled', volunteer.id, 'request.released', data);
  }
  const nextStatus = routed ? 'accepted' : 'pending';
  // A released grab re-enters coverage escalation at once; its no-show clock stops.
  await updateDonation(tx, donationId, {
    volunteerId: null,
    volunteerName: null,
    status: nextStatus,
    ...NO_HOLD,
    ...(donation.deliveryMethod === 'volunteer' ? { escalateAt: new Date(), realert: true } : {}),
  });
  await announceFeedChange(tx, donationId);
  await logDonationMove(tx, donation, nextStatus, volunteer.id, 'donation.released');
  await appendEvent(tx, {
    entityType: 'donation',
    entityId: donationId,
    action: 'donation.volunteer_released',
    actorId: volunteer.id,
    data,
  });
  await insertNotifications(tx, [
    {
      userId: donation.donorId,
      type: 'donation_released',
      data: { donationId, actorName: volunteer.name, foodType: donation.foodType },
    },
  ]);
}

/** The no-show clock of a donation nobody holds. */
const NO_HOLD = { grabbedAt: null, collectBy: null, remindedAt: null, noShowCheckAt: null };
