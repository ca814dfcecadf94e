import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { collections, requests, type CollectionRow } from '../../db/schema/index.js';

export async function insertCollection(
  db: DbOrTx,
  values: typeof collections.$inferInsert,
): Promise<CollectionRow> {
  const [row] = await db.insert(collections).values(values).returning();
  return row!;
}

/** Marks the collection of a request delivered. */
export async function markCollectionDelivered(db: DbOrTx, requestId: string): Promise<void> {
  await db
    .update(collections)
    .set({
      status: 'delivered',
      completedAt: sql`now()`,
      receivedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(collections.requestId, requestId), eq(collections.status, 'collected')));
}

/** "collections by volunteerId" (seed section 7), newest first. */
export async function listCollectionsByVolunteer(
  db: DbOrTx,
  volunteerId: string,
  limit: number,
): Promise<CollectionRow[]> {
  return db
    .select()
    .from(collections)
    .where(eq(collections.volunteerId, volunteerId))
    .orderBy(desc(collections.createdAt))
    .limit(limit);
}

/**
 * The collection photo of a request with the people the uploads policy asks about: the request's
 * donor, volunteer and destination, and the collection's destination (set at collection, it may
 * differ).
 */
export async function findRequestPhoto(
  db: DbOrTx,
  requestId: string,
): Promise<
  | {
      photoUrl: string | null;
      donorId: string;
      volunteerId: string | null;
      requestDestinationId: string | null;
      destinationUserId: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      photoUrl: collections.photoUrl,
      donorId: requests.donorId,
      volunteerId: requests.volunteerId,
      requestDestinationId: requests.destinationUserId,
      destinationUserId: collections.destinationUserId,
    })
    .from(requests)
    .leftJoin(collections, eq(collections.requestId, requests.id))
    .where(eq(requests.id, requestId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, photoUrl: row.photoUrl ?? null };
}

/** A collection's CO2 follows the quantity its receiver confirmed (decision 0064). */
export async function setCollectionCo2(db: DbOrTx, requestId: string, co2Saved: number) {
  await db
    .update(collections)
    .set({ co2Saved, updatedAt: sql`now()` })
    .where(eq(collections.requestId, requestId));
}
