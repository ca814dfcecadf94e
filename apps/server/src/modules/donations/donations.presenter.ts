import {
  approximatePoint,
  haversineKm,
  localityOf,
  roundApproximateDistanceKm,
  roundDistanceKm,
  safeForPeopleUntil,
  type Coordinates,
  type Donation,
} from '@annasetu/domain';
import type { DonationRow } from '../../db/schema/index.js';
import type { DetailsView } from './donations.policy.js';
import type { FeedDonationRow } from './donations.queries.js';

interface PresentExtra {
  donorVerified?: boolean | null;
  /** The donor's FSSAI number and its check, where the handover is shown (one donation). */
  donorFssai?: { number: string; verified: boolean } | null;
  distanceKm?: number | null;
  center?: Coordinates | null;
}

const point = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null ? { lat, lng } : null;

/**
 * The API view of a donation, with the donor's verification badge and distance when known.
 * `view` comes from the donations policy: 'full' shows the donor's contact details and exact
 * points; 'public' gives the locality, points rounded to about 1 km and a distance measured to
 * the rounded point (from `center`, the point the list was searched around) in 0.5 km steps, so
 * searching around chosen points cannot narrow the exact point down.
 */
export function presentDonation(
  row: DonationRow,
  view: DetailsView,
  extra?: PresentExtra,
): Donation;
/** The public view needs only a feed's columns (FeedDonationRow): no contact details. */
export function presentDonation(
  row: FeedDonationRow,
  view: 'public',
  extra?: PresentExtra,
): Donation;
export function presentDonation(
  feedOrFullRow: DonationRow | FeedDonationRow,
  view: DetailsView,
  extra: PresentExtra = {},
): Donation {
  const full = view === 'full';
  // Only a full row can be presented in the full view (the overloads hold callers to that).
  const row = feedOrFullRow as DonationRow;
  const pickup = point(row.pickupLat, row.pickupLng);
  const approximatePickup = approximatePoint(pickup);
  const distanceKm =
    extra.distanceKm == null
      ? null
      : full
        ? roundDistanceKm(extra.distanceKm)
        : extra.center && approximatePickup
          ? roundApproximateDistanceKm(haversineKm(extra.center, approximatePickup))
          : roundApproximateDistanceKm(extra.distanceKm);
  return {
    id: row.id,
    donorId: row.donorId,
    donorName: row.donorName,
    donorEmail: full ? row.donorEmail : null,
    donorPhone: full ? row.donorPhone : null,
    donorAddress: full ? row.donorAddress : null,
    donorCoordinates: full
      ? point(row.donorLat, row.donorLng)
      : approximatePoint(point(row.donorLat, row.donorLng)),
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
    pickupAddress: full ? row.pickupAddress : null,
    pickupArea: localityOf(row.pickupAddress),
    pickupCoordinates: full ? pickup : approximatePickup,
    detailsShown: full,
    deliveryMethod: row.deliveryMethod,
    expiryHours: row.expiryHours,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    co2Saved: row.co2Saved,
    mealsDonated: row.mealsDonated,
    impactBasis: row.impactBasis,
    measuredQuantity: row.measuredQuantity,
    ...(row.seriesId ? { seriesId: row.seriesId } : {}),
    ...(extra.donorVerified != null ? { donorVerified: extra.donorVerified } : {}),
    ...(distanceKm != null ? { distanceKm } : {}),
    holding: row.holding,
    useBy: row.useBy?.toISOString() ?? null,
    allergens: row.allergens,
    safeUntil: safeForPeopleUntil(row)?.toISOString() ?? null,
    ...(extra.donorFssai !== undefined ? { donorFssai: extra.donorFssai } : {}),
  };
}
