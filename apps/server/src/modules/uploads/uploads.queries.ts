import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';

/** Locks a photo the owner uploaded that no collection uses yet; undefined when there is none. */
export async function lockUnattachedPhoto(
  tx: Tx,
  photoId: string,
  ownerId: string,
): Promise<{ id: string } | undefined> {
  const [photo] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, photoId), eq(uploads.ownerId, ownerId), isNull(uploads.collectionId)))
    .for('update');
  return photo;
}

/** Records that a collection uses the photo (it can then not be used again). */
export async function attachPhotoToCollection(
  tx: Tx,
  photoId: string,
  collectionId: string,
): Promise<void> {
  await tx.update(uploads).set({ collectionId }).where(eq(uploads.id, photoId));
}
