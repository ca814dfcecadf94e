import { roundDistanceKm, type Donation } from '@annasetu/domain';
import type { DonationRow } from '../../db/schema/index.js';

const point = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { lat, lng } : null;

/** The API view of a donation, with the donor's verification badge and distance when known. */
export function presentDonation(
  row: DonationRow,
  extra: { donorVerified?: boolean | null; distanceKm?: number | null } = {},
): Donation {
  return {
    id: row.id,
    donorId: row.donorId,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    donorPhone: row.donorPhone,
    donorAddress: row.donorAddress,
    donorCoordinates: point(row.donorLat, row.donorLng),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiryTime: row.expiryTime.toISOString(),
    // Reads never present an expired donation as live, even before the expiry job has run.
    isExpired:
      row.isExpired || (row.status === 'pending' && row.expiryTime.getTime() <= Date.now()),
    totalRequests: row.totalRequests,
    acceptedRequests: row.acceptedRequests,
    foodType: row.foodType,
    cuisine: row.cuisine,
    vegType: row.vegType,
    quantity: row.quantity,
    unit: row.unit,
    notes: row.notes,
    prepDate: row.prepDate,
    prepTime: row.prepTime.slice(0, 5),
    pickupAddress: row.pickupAddress,
    pickupCoordinates: point(row.pickupLat, row.pickupLng),
    deliveryMethod: row.deliveryMethod,
    expiryHours: row.expiryHours,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    co2Saved: row.co2Saved,
    mealsDonated: row.mealsDonated,
    ...(row.seriesId ? { seriesId: row.seriesId } : {}),
    ...(extra.donorVerified != null ? { donorVerified: extra.donorVerified } : {}),
    ...(extra.distanceKm != null ? { distanceKm: roundDistanceKm(extra.distanceKm) } : {}),
  };
}
