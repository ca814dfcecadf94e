import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collections, donations, uploads } from '../../db/schema/index.js';

/** Records a stored photo. */
export async function insertUpload(
  db: DbOrTx,
  values: Pick<
    typeof uploads.$inferInsert,
    'id' | 'ownerId' | 'contentType' | 'bytes' | 'width' | 'height'
  >,
): Promise<void> {
  await db.insert(uploads).values(values);
}

/**
 * A photo with the people the uploads policy asks about: its owner, and once attached the donor
 * of the donation collected and the collection's destination; undefined when there is none.
 */
export async function findPhotoWithParties(
  db: DbOrTx,
  photoId: string,
): Promise<
  | {
      ownerId: string;
      collectionId: string | null;
      donorId: string | null;
      destinationUserId: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      ownerId: uploads.ownerId,
      collectionId: uploads.collectionId,
      donorId: donations.donorId,
      destinationUserId: collections.destinationUserId,
    })
    .from(uploads)
    .leftJoin(collections, eq(collections.id, uploads.collectionId))
    .leftJoin(donations, eq(donations.id, collections.donationId))
    .where(eq(uploads.id, photoId))
    .limit(1);
  return row;
}

/** Locks a photo's row (owner and collection); undefined when there is none. */
export async function lockPhoto(
  tx: Tx,
  photoId: string,
): Promise<{ id: string; ownerId: string; collectionId: string | null } | undefined> {
  const [photo] = await tx
    .select({ id: uploads.id, ownerId: uploads.ownerId, collectionId: uploads.collectionId })
    .from(uploads)
    .where(eq(uploads.id, photoId))
    .for('update');
  return photo;
}

/** Deletes a photo's row. */
export async function deleteUpload(tx: Tx, photoId: string): Promise<void> {
  await tx.delete(uploads).where(eq(uploads.id, photoId));
}

/** Records that a collection uses the photo (it can then not be used again). */
export async function attachPhotoToCollection(
  tx: Tx,
  photoId: string,
  collectionId: string,
): Promise<void> {
  await tx.update(uploads).set({ collectionId }).where(eq(uploads.id, photoId));
}
