import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One row per `Idempotency-Key` a signed-in user sent on an unsafe API request. The row is
 * claimed (status `running`) before the action runs, so a replay can never run it twice; once
 * the answer is known its status code and body are kept, and a replay gets exactly that answer.
 * `fingerprint` is the SHA-256 of method, route, params and body: the same key with a different
 * request is refused. Rows are purged after `expires_at` (7 days) by the expiry job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** `running` while the first request is in flight, `done` once its answer is stored. */
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the running claim was taken: a claim older than the takeover age is abandoned. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
