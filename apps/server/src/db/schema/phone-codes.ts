import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One-time codes sent by SMS: to sign in with a verified number, or to verify a number on the
 * profile. Only an HMAC of the code is kept (keyed with the row's own salt); a code works once,
 * for a few minutes, and for a few tries.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** 'sign_in' or 'verify'. */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, or replaced by a newer one. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.purpose, t.createdAt.desc())],
);

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
