import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Text messages waiting for, or handed to, the SMSC. A message stays queued until every part
 * was accepted (`submit_sm_resp` OK), so a dropped connection delays it and never loses it;
 * delivery receipts are matched by the SMSC's message ids.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** Message kind: picks the DLT template ('otp'). */
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    /** 'queued', 'sent', 'delivered', 'undelivered' or 'failed' (gave up). */
    status: text('status').notNull().default('queued'),
    segments: integer('segments').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The SMSC's id of each part, in order. */
    messageIds: jsonb('message_ids').$type<string[]>().notNull().default([]),
    /** Message ids of the parts whose receipt said delivered (a repeated receipt counts once). */
    deliveredIds: jsonb('delivered_ids').$type<string[]>().notNull().default([]),
    /** Not worth sending after this (a one-time code that has expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('sms_outbox_message_ids_idx').using('gin', t.messageIds),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
