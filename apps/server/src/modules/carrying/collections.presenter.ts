import type { Collection } from '@annasetu/domain';
import type { CollectionRow } from '../../db/schema/index.js';

/** The API view of a collection record. */
export function presentCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    donationId: row.donationId,
    requestId: row.requestId,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    volunteerEmail: row.volunteerEmail,
    photoUrl: row.photoUrl,
    quality: row.quality,
    destinationType: row.destinationType,
    destinationUserId: row.destinationUserId,
    status: row.status,
    co2Saved: row.co2Saved,
    notes: row.notes,
    holdingAtPickup: row.holdingAtPickup,
    containerClosed: row.containerClosed,
    pickedQuantity: row.pickedQuantity,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
