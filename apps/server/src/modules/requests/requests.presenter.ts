import type { FoodRequest } from '@annasetu/domain';
import type { RequestRow } from '../../db/schema/index.js';

/** The API view of a request. */
export function presentRequest(
  row: RequestRow,
  extra: { requesterVerified?: boolean | null } = {},
): FoodRequest {
  return {
    id: row.id,
    donationId: row.donationId,
    requesterId: row.requesterId,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    requesterPhone: row.requesterPhone,
    requesterAddress: row.requesterAddress,
    requesterCoordinates:
      row.requesterLat !== null && row.requesterLng !== null
        ? { lat: row.requesterLat, lng: row.requesterLng }
        : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    foodType: row.foodType,
    notes: row.notes,
    quantity: row.quantity,
    unit: row.unit,
    donorId: row.donorId,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    donorAddress: row.donorAddress,
    isVolunteerRequest: row.isVolunteerRequest,
    isRoutedByVolunteer: row.isRoutedByVolunteer,
    isSelfDelivery: row.isSelfDelivery,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    volunteerEmail: row.volunteerEmail,
    destinationUserId: row.destinationUserId,
    destinationName: row.destinationName,
    destinationEmail: row.destinationEmail,
    destinationAddress: row.destinationAddress,
    destinationPhone: row.destinationPhone,
    destinationType: row.destinationType,
    destinationAccepted: row.destinationAccepted,
    destinationNotified: row.destinationNotified,
    quality: row.quality,
    co2Saved: row.co2Saved,
    ...(extra.requesterVerified != null ? { requesterVerified: extra.requesterVerified } : {}),
  };
}
