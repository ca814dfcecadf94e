import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feedback, users, type FeedbackRow, type NewFeedbackRow } from '../../db/schema/index.js';

/**
 * Records one rating; undefined when the rater already rated this request for this kind (the
 * unique key), so a second submission changes nothing.
 */
export async function insertFeedback(
  db: DbOrTx,
  values: NewFeedbackRow,
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .insert(feedback)
    .values(values)
    .onConflictDoNothing({ target: [feedback.requestId, feedback.raterId, feedback.kind] })
    .returning();
  return row;
}

/** Locks a user's row, so ratings of that user recompute their average one after another. */
export async function lockUserForRating(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Sets a user's rating to the average of every star they received, and its count, computed
 * from the feedback table (never incremented). Run it as its own statement after locking the
 * user, so on PostgreSQL its snapshot holds every rating committed before the lock was granted.
 */
export async function refreshUserRating(
  db: DbOrTx,
  userId: string,
): Promise<{ rating: number; ratingCount: number }> {
  const [row] = await db
    .update(users)
    .set({
      rating: sql`coalesce((select avg(${feedback.stars})::double precision from ${feedback} where ${feedback.ratedUserId} = ${userId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${feedback} where ${feedback.ratedUserId} = ${userId})`,
    })
    .where(eq(users.id, userId))
    .returning({ rating: users.rating, ratingCount: users.ratingCount });
  return row!;
}

/** The stars `raterId` gave on each of `requestIds`, by request and kind. */
export async function listGivenFeedback(
  db: DbOrTx,
  raterId: string,
  requestIds: readonly string[],
): Promise<Pick<FeedbackRow, 'requestId' | 'kind' | 'stars'>[]> {
  if (requestIds.length === 0) return [];
  return db
    .select({ requestId: feedback.requestId, kind: feedback.kind, stars: feedback.stars })
    .from(feedback)
    .where(and(eq(feedback.raterId, raterId), inArray(feedback.requestId, [...requestIds])));
}

/** The rating (average and count) of each of `userIds` that has been rated at least once or not. */
export async function listUserRatings(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { average: number; count: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, rating: users.rating, count: users.ratingCount })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { average: r.rating, count: r.count }]));
}
