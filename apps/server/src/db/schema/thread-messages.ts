import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { quickMessageEnum } from './enums.js';
import { requests } from './requests.js';
import { users } from './users.js';

/**
 * The conversation of a pickup (decision 0065): messages between the donor, the volunteer and
 * the receiver of one request. A quick message is stored as its code, so each reader sees it in
 * their own language; typed text is kept as typed. Never edited: a thread is a record of what
 * was said.
 */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    /** The sender's display name when they wrote (a snapshot, as on requests). */
    senderName: text('sender_name').notNull(),
    code: quickMessageEnum('code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A thread read oldest first.
    index('thread_messages_request_created_idx').on(t.requestId, t.createdAt),
    check('thread_messages_code_or_body', sql`(${t.code} is null) <> (${t.body} is null)`),
  ],
);

export type ThreadMessageRow = typeof threadMessages.$inferSelect;
export type NewThreadMessageRow = typeof threadMessages.$inferInsert;
