import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appSettings, notifications, pushSubscriptions, users } from '../../db/schema/index.js';
import { notHeld } from '../notifications/notifications.queries.js';

/**
 * Stores or refreshes a browser's subscription. An endpoint belongs to the account that
 * registered it first: false (nothing written) when another account holds it.
 */
export async function upsertSubscription(
  db: DbOrTx,
  values: {
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        updatedAt: sql`now()`,
      },
      setWhere: eq(pushSubscriptions.userId, values.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes one of the user's subscriptions. */
export async function deleteSubscription(
  db: DbOrTx,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): forget it. */
export async function deleteSubscriptionById(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionDelivered(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** One subscription, or undefined when the browser has since been removed. */
export async function findSubscription(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .limit(1);
  return row;
}

export async function subscriptionsOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

export async function countSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/**
 * Takes a batch of notifications no dispatcher has handled yet and marks them handled, in one
 * transaction: with several instances, each notification is pushed once. The rows are locked
 * waiting, not skipping: the email outbox locks the same rows for a moment, and skipping would
 * leave a notification for the next round (30 s later). A dispatcher that waited re-reads the
 * row and drops it if another one marked it meanwhile. Both outboxes lock in (created_at, id)
 * order, so they cannot deadlock.
 */
export async function claimUnpushed(db: DbOrTx, limit: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        data: notifications.data,
        language: users.language,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(isNull(notifications.pushedAt), notHeld))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit)
      .for('update', { of: notifications });
    if (rows.length > 0) {
      await tx
        .update(notifications)
        .set({ pushedAt: sql`now()` })
        .where(
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
}

/** Reads an instance-wide setting. */
export async function readSetting<T>(db: DbOrTx, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Stores a setting unless one exists, and returns whichever won (instances may race at start). */
export async function initSetting<T>(db: DbOrTx, key: string, value: T): Promise<T> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoNothing({ target: appSettings.key });
  return (await readSetting<T>(db, key))!;
}
