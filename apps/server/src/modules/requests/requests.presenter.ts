import {
  approximatePoint,
  isContactWindowOpen,
  localityOf,
  type FoodRequest,
} from '@annasetu/domain';
import type { RequestRow, UserRow } from '../../db/schema/index.js';

/** Who is looking at a request: their id and role are all the contact rule needs. */
export type RequestViewer = Pick<UserRow, 'id' | 'role'>;

/**
 * The API view of a request for `viewer`. Each party (requester, donor, volunteer, destination)
 * sees their own fields; the other parties' email, phone, address and exact point only while the
 * request ties them (accepted, collected, or fulfilled less than 7 days ago), and admins always.
 * Everyone else, and the parties before a match, get names, localities and points rounded to
 * about 1 km. A volunteer's home address and point reach no one but the volunteer.
 */
export function presentRequest(
  row: RequestRow,
  viewer: RequestViewer,
  extra: { requesterVerified?: boolean | null } = {},
): FoodRequest {
  const isParty = [row.requesterId, row.donorId, row.volunteerId, row.destinationUserId].includes(
    viewer.id,
  );
  const matched = viewer.role === 'admin' || (isParty && isContactWindowOpen(row));
  const sees = (partyId: string | null) => partyId === viewer.id || matched;
  const seesRequester = sees(row.requesterId);
  // A volunteer's own request (grabbing) has the volunteer as requester: their home stays theirs.
  const seesRequesterHome =
    row.requesterId === viewer.id || (seesRequester && !row.isVolunteerRequest);
  const requesterPoint =
    row.requesterLat !== null && row.requesterLng !== null
      ? { lat: row.requesterLat, lng: row.requesterLng }
      : null;
  const seesDonor = sees(row.donorId);
  const seesVolunteer = sees(row.volunteerId);
  const seesDestination = sees(row.destinationUserId);
  return {
    id: row.id,
    donationId: row.donationId,
    requesterId: row.requesterId,
    requesterName: row.requesterName,
    requesterEmail: seesRequester ? row.requesterEmail : null,
    requesterPhone: seesRequester ? row.requesterPhone : null,
    requesterAddress: seesRequesterHome ? row.requesterAddress : null,
    requesterArea: row.isVolunteerRequest ? '' : localityOf(row.requesterAddress),
    requesterCoordinates: seesRequesterHome
      ? requesterPoint
      : row.isVolunteerRequest
        ? null
        : approximatePoint(requesterPoint),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    foodType: row.foodType,
    notes: row.notes,
    quantity: row.quantity,
    unit: row.unit,
    donorId: row.donorId,
    donorName: row.donorName,
    donorEmail: seesDonor ? row.donorEmail : null,
    donorAddress: seesDonor ? row.donorAddress : null,
    donorArea: localityOf(row.donorAddress),
    isVolunteerRequest: row.isVolunteerRequest,
    isRoutedByVolunteer: row.isRoutedByVolunteer,
    isSelfDelivery: row.isSelfDelivery,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    volunteerEmail: seesVolunteer ? row.volunteerEmail : null,
    destinationUserId: row.destinationUserId,
    destinationName: row.destinationName,
    destinationEmail: seesDestination ? row.destinationEmail : null,
    destinationAddress: seesDestination ? row.destinationAddress : null,
    destinationPhone: seesDestination ? row.destinationPhone : null,
    destinationArea: row.destinationAddress === null ? null : localityOf(row.destinationAddress),
    destinationType: row.destinationType,
    destinationAccepted: row.destinationAccepted,
    destinationNotified: row.destinationNotified,
    quality: row.quality,
    co2Saved: row.co2Saved,
    ...(extra.requesterVerified != null ? { requesterVerified: extra.requesterVerified } : {}),
  };
}
