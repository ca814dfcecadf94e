import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { donations } from './donations.js';
import { requests } from './requests.js';
import { users } from './users.js';

/**
 * What a person can answer by a text message (decision 0068): each alert sent by SMS carries a
 * short code, so a reply "1 KTP" is matched to the person by their verified number and to the
 * alert by the code. A code works until it expires, and its answer is taken once.
 */
export const replyCodes = pgTable(
  'reply_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Three letters and digits without look-alikes (no 0/O, 1/I/L). */
    code: text('code').notNull(),
    /**
     * What the alert offered: 'grab' (a coverage alert: 1 takes the food), 'unclaimed' (the
     * donor's warning: 1 carry it to `destinationUserId` myself, 2 keep it on offer, 3 withdraw)
     * or 'accept' (a receiver's incoming delivery, `requestId`: 1 says they expect it).
     */
    action: text('action').notNull(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    /** The receiver named in the donor's warning as "1: take it there yourself". */
    destinationUserId: uuid('destination_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The delivery an 'accept' alert is about. */
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the one reply that was acted on; a repeated reply finds it set. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('reply_codes_user_idx').on(t.userId, t.expiresAt.desc())],
);

export type ReplyCodeRow = typeof replyCodes.$inferSelect;
