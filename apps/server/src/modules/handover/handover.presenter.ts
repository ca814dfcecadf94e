import { safeForPeopleUntil, type HandoverRecord } from '@annasetu/domain';
import type { FssaiRecord } from '../users/users.queries.js';
import type { HandoverRow } from './handover.queries.js';

/**
 * The API view of a handover record, field by field. Only names, food facts, times, checks and
 * FSSAI numbers (public by law): no contact details. `fssai` maps a user id to their number
 * (null: a food business or food bank without one); an exempt party is not in it.
 */
export function presentHandover(
  row: HandoverRow,
  fssai: ReadonlyMap<string, FssaiRecord | null>,
): HandoverRecord {
  const { request, donation, collection } = row;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const number = (id: string | null) =>
    id !== null && fssai.has(id) ? { fssai: fssai.get(id) ?? null } : {};
  const donorFssai = number(request.donorId).fssai;
  const destinationFssai = number(request.destinationUserId).fssai;
  return {
    donationId: request.donationId,
    requestId: request.id,
    status: request.status,
    isSelfDelivery: request.isSelfDelivery,
    donorName: request.donorName,
    ...(donorFssai !== undefined ? { donorFssai } : {}),
    foodType: donation.foodType,
    cuisine: donation.cuisine,
    quantity: donation.quantity,
    unit: donation.unit,
    vegType: donation.vegType,
    allergens: donation.allergens,
    prepDate: donation.prepDate,
    // Stored as a time of day with seconds; the donor wrote hours and minutes.
    prepTime: donation.prepTime.slice(0, 5),
    holding: donation.holding,
    useBy: iso(donation.useBy),
    safeUntil: iso(safeForPeopleUntil(donation)),
    pickedUpAt: collection ? collection.createdAt.toISOString() : null,
    holdingAtPickup: collection?.holdingAtPickup ?? null,
    containerClosed: collection?.containerClosed ?? null,
    pickedQuantity: request.pickedQuantity,
    volunteerName: request.isSelfDelivery ? null : request.volunteerName,
    quality: request.quality,
    destinationType: request.destinationType,
    destinationName: request.destinationName,
    ...(destinationFssai !== undefined ? { destinationFssai } : {}),
    receivedAt: request.status === 'fulfilled' ? iso(request.fulfilledAt) : null,
    arrivalCondition: request.arrivalCondition,
    arrivalNote: request.condition,
    arrivalCheckedAt: iso(request.arrivalCheckedAt),
    receivedQuantity: request.receivedQuantity,
  };
}
