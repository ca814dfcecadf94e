import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  collections,
  donations,
  requests,
  type CollectionRow,
  type DonationRow,
  type RequestRow,
} from '../../db/schema/index.js';

/** The rows one handover record is made of: the carrying request, its donation, its collection. */
export interface HandoverRow {
  request: Pick<
    RequestRow,
    | 'id'
    | 'donationId'
    | 'status'
    | 'isSelfDelivery'
    | 'donorId'
    | 'donorName'
    | 'volunteerId'
    | 'volunteerName'
    | 'destinationUserId'
    | 'destinationName'
    | 'destinationType'
    | 'quality'
    | 'collectedAt'
    | 'fulfilledAt'
    | 'arrivalCondition'
    | 'condition'
    | 'arrivalCheckedAt'
    | 'pickedQuantity'
    | 'receivedQuantity'
  >;
  donation: Pick<
    DonationRow,
    | 'foodType'
    | 'cuisine'
    | 'quantity'
    | 'unit'
    | 'vegType'
    | 'allergens'
    | 'prepDate'
    | 'prepTime'
    | 'holding'
    | 'useBy'
    | 'foodSafeUntil'
    | 'expiryTime'
  >;
  collection: Pick<CollectionRow, 'createdAt' | 'holdingAtPickup' | 'containerClosed'> | null;
}

const requestColumns = {
  id: requests.id,
  donationId: requests.donationId,
  status: requests.status,
  isSelfDelivery: requests.isSelfDelivery,
  donorId: requests.donorId,
  donorName: requests.donorName,
  volunteerId: requests.volunteerId,
  volunteerName: requests.volunteerName,
  destinationUserId: requests.destinationUserId,
  destinationName: requests.destinationName,
  destinationType: requests.destinationType,
  quality: requests.quality,
  collectedAt: requests.collectedAt,
  fulfilledAt: requests.fulfilledAt,
  arrivalCondition: requests.arrivalCondition,
  condition: requests.condition,
  arrivalCheckedAt: requests.arrivalCheckedAt,
  pickedQuantity: requests.pickedQuantity,
  receivedQuantity: requests.receivedQuantity,
};

const donationColumns = {
  foodType: donations.foodType,
  cuisine: donations.cuisine,
  quantity: donations.quantity,
  unit: donations.unit,
  vegType: donations.vegType,
  allergens: donations.allergens,
  prepDate: donations.prepDate,
  prepTime: donations.prepTime,
  holding: donations.holding,
  useBy: donations.useBy,
  foodSafeUntil: donations.foodSafeUntil,
  expiryTime: donations.expiryTime,
};

const collectionColumns = {
  createdAt: collections.createdAt,
  holdingAtPickup: collections.holdingAtPickup,
  containerClosed: collections.containerClosed,
};

function handoverQuery(db: DbOrTx) {
  return db
    .select({ request: requestColumns, donation: donationColumns, collection: collectionColumns })
    .from(requests)
    .innerJoin(donations, eq(donations.id, requests.donationId))
    .leftJoin(collections, eq(collections.requestId, requests.id));
}

/** A joined row as a record reads it (the left join gives nulls without a collection). */
function toHandoverRow(row: {
  request: HandoverRow['request'];
  donation: HandoverRow['donation'];
  collection: {
    createdAt: Date | null;
    holdingAtPickup: CollectionRow['holdingAtPickup'];
    containerClosed: boolean | null;
  } | null;
}): HandoverRow {
  const collection =
    row.collection?.createdAt != null
      ? {
          createdAt: row.collection.createdAt,
          holdingAtPickup: row.collection.holdingAtPickup,
          containerClosed: row.collection.containerClosed,
        }
      : null;
  return { request: row.request, donation: row.donation, collection };
}

/**
 * The live requests of a donation that tie people to its handover (accepted, collected or
 * fulfilled), the one that carried the food first. A donation moves along one request at a time:
 * after a collection or a self delivery's receipt no other request on it is live.
 */
export async function findHandoverRows(db: DbOrTx, donationId: string): Promise<HandoverRow[]> {
  const rows = await handoverQuery(db)
    .where(
      and(
        eq(requests.donationId, donationId),
        isNull(donations.deletedAt),
        inArray(requests.status, ['accepted', 'collected', 'fulfilled']),
      ),
    )
    // Collected or fulfilled before accepted; then the newest.
    .orderBy(
      sql`case ${requests.status} when 'accepted' then 1 else 0 end`,
      sql`${requests.updatedAt} desc`,
    );
  return rows.map(toHandoverRow);
}

/**
 * The food a receiver received in [from, to): requests fulfilled to it in that time, oldest
 * first (served by requests_destination_fulfilled_idx). Only that receiver's: the destination
 * is the filter.
 */
export async function listReceivedBetween(
  db: DbOrTx,
  destinationUserId: string,
  from: Date,
  to: Date,
): Promise<HandoverRow[]> {
  const rows = await handoverQuery(db)
    .where(
      and(
        eq(requests.destinationUserId, destinationUserId),
        eq(requests.status, 'fulfilled'),
        gte(requests.fulfilledAt, from),
        lt(requests.fulfilledAt, to),
      ),
    )
    .orderBy(asc(requests.fulfilledAt), asc(requests.id));
  return rows.map(toHandoverRow);
}
