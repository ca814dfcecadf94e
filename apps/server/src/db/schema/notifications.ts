import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** In-app notifications. Title and message are written per reader's language from `type` and `data`. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /**
     * English words stored by versions before texts were written from `type` and `data` in the
     * reader's language; new rows leave them empty. Shown only for a system notice without facts.
     */
    title: text('title'),
    message: text('message'),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the Web Push dispatcher handled it (sent, or found no subscription). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** When the email dispatcher handled it (mailed, or the recipient has email turned off). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** When the SMS dispatcher handled it (queued a text, or the recipient did not want one). */
    textedAt: timestamp('texted_at', { withTimezone: true }),
    /** Push and email wait until then: the recipient's quiet hours were on when it was made. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
  },
  (t) => [
    // "notifications by userId, newest first, limit 50" (seed section 7).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Unread badge count.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    // Web Push outbox: notifications not yet handed to the push dispatcher.
    index('notifications_unpushed_idx')
      .on(t.createdAt)
      .where(sql`${t.pushedAt} is null`),
    // Email outbox: notifications not yet handed to the email dispatcher.
    index('notifications_unmailed_idx')
      .on(t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    // SMS outbox: notifications not yet handed to the SMS dispatcher.
    index('notifications_untexted_idx')
      .on(t.createdAt)
      .where(sql`${t.textedAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
