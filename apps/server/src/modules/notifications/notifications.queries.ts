import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { publishLive, type LiveEventInput } from '../../lib/live.js';
import { notifications, users, type NotificationRow } from '../../db/schema/index.js';
import { deliveryPlan } from './preferences.js';
import { notificationText } from './notification-text.js';

/**
 * A notification to store: its type and the facts its text is written from, in each reader's
 * language when it is shown (see notification-text.ts).
 */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  data?: Record<string, string>;
}

/**
 * Stores notifications in the caller's transaction, so they exist exactly when the change does,
 * and announces them to the recipients' open pages (delivered on commit). Each recipient's
 * preferences apply here, once, for every dispatcher: a channel turned off for the type is marked
 * handled (in-app off: stored already read; all off: not stored), and during quiet hours push
 * and email wait until the hours end (`holdUntil`).
 */
export async function insertNotifications(
  db: DbOrTx,
  items: NewNotification[],
  now: Date = new Date(),
): Promise<void> {
  if (items.length === 0) return;
  const recipients = await db
    .select({
      id: users.id,
      notificationsOff: users.notificationsOff,
      notificationsOn: users.notificationsOn,
      quietFrom: users.quietFrom,
      quietTo: users.quietTo,
      timeZone: users.timeZone,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(items.map((n) => n.userId))]));
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const rows = items.flatMap((n) => {
    const prefs = byId.get(n.userId);
    if (!prefs) return [];
    const plan = deliveryPlan(prefs, n.type, now);
    if (!plan.stored) return [];
    return [
      {
        userId: n.userId,
        type: n.type,
        data: n.data ?? {},
        ...(plan.inApp ? {} : { isRead: true, readAt: now }),
        ...(plan.push ? {} : { pushedAt: now }),
        ...(plan.email ? {} : { emailedAt: now }),
        // SMS and WhatsApp are composed once, by the phone-message dispatcher.
        ...(plan.sms || plan.whatsapp ? {} : { textedAt: now }),
        holdUntil: plan.holdUntil,
      },
    ];
  });
  if (rows.length === 0) return;
  for (const event of liveEvents(rows, byId)) await publishLive(db, event);
  await db.insert(notifications).values(rows);
}

/**
 * The live events announcing new notifications: each carries the type, the links and the title
 * and message in its recipients' language, so one event goes to the recipients of the same
 * notice who read the same language (a coverage alert to many volunteers is a few events).
 */
function liveEvents(
  rows: Array<{ userId: string; type: NotificationType; data: Record<string, string> }>,
  recipients: Map<string, { language: string }>,
): LiveEventInput[] {
  const groups = new Map<string, LiveEventInput & { userIds: string[] }>();
  for (const row of rows) {
    const language = recipients.get(row.userId)?.language ?? 'en';
    const key = JSON.stringify([row.type, row.data, language]);
    let event = groups.get(key);
    if (!event) {
      const { donationId, requestId, seriesId } = row.data;
      event = {
        kind: 'notification',
        userIds: [],
        data: {
          type: row.type,
          ...notificationText(language, row),
          ...(donationId ? { donationId } : {}),
          ...(requestId ? { requestId } : {}),
          ...(seriesId ? { seriesId } : {}),
        },
      };
      groups.set(key, event);
    }
    event.userIds.push(row.userId);
  }
  return [...groups.values()];
}

/** "notifications by userId, newest first, limit 50" (seed section 7), keyset-paginated. */
export async function listNotifications(
  db: DbOrTx,
  params: {
    userId: string;
    type?: NotificationType | undefined;
    unreadOnly?: boolean | undefined;
    limit: number;
    after?: [string, string] | undefined;
  },
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, params.userId)];
  if (params.type) conditions.push(eq(notifications.type, params.type));
  if (params.unreadOnly) conditions.push(eq(notifications.isRead, false));
  if (params.after) {
    const [createdAt, id] = params.after;
    conditions.push(
      or(
        lt(notifications.createdAt, new Date(createdAt)),
        and(eq(notifications.createdAt, new Date(createdAt)), lt(notifications.id, id)),
      )!,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; undefined when it is not theirs. */
export async function markRead(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one of the user's notifications; false when it is not theirs. */
export async function deleteNotification(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Not waiting for the recipient's quiet hours to end. */
export const notHeld = or(
  isNull(notifications.holdUntil),
  lte(notifications.holdUntil, sql`now()`),
);

/**
 * Takes a batch of notifications one dispatcher (`handled`: its column) has not handled, with
 * the recipient's fields it needs, and marks them handled in the same transaction, so with
 * several instances each is considered once. Locked waiting and in this order, like the push
 * outbox's claim (see claimUnpushed).
 */
async function claimUnhandled<Fields extends Record<string, PgColumn>>(
  db: DbOrTx,
  handled: 'emailedAt' | 'textedAt',
  fields: Fields,
  limit: number,
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ ...fields, id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(isNull(notifications[handled]), notHeld))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit)
      .for('update', { of: notifications });
    if (rows.length > 0) {
      await tx
        .update(notifications)
        .set({ [handled]: sql`now()` })
        .where(
          inArray(
            notifications.id,
            // Every row has `id` (added above); the generic result type cannot show it.
            rows.map((r) => (r as unknown as { id: string }).id),
          ),
        );
    }
    return rows;
  });
}

/**
 * The email dispatcher's batch. Every notification is claimed, also for users with email off:
 * the outbox stays small and turning email on later does not send old news.
 */
export function claimUnmailed(db: DbOrTx, limit: number) {
  return claimUnhandled(
    db,
    'emailedAt',
    {
      type: notifications.type,
      data: notifications.data,
      email: users.email,
      name: users.name,
      language: users.language,
      wantsEmail: users.emailNotifications,
      deletedAt: users.deletedAt,
    },
    limit,
  );
}

/**
 * The phone-message dispatcher's batch. Only notifications whose recipient turned SMS or
 * WhatsApp on for the type are left unhandled when stored (`insertNotifications`), so the batch
 * is small.
 */
export function claimUntexted(db: DbOrTx, limit: number) {
  return claimUnhandled(
    db,
    'textedAt',
    {
      userId: notifications.userId,
      type: notifications.type,
      data: notifications.data,
      title: notifications.title,
      message: notifications.message,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      notificationsOn: users.notificationsOn,
      hygienePassedAt: users.hygienePassedAt,
      language: users.language,
      timeZone: users.timeZone,
      deletedAt: users.deletedAt,
      suspendedAt: users.suspendedAt,
    },
    limit,
  );
}
