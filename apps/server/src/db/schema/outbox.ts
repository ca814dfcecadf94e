import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Messages to phones waiting for, or handed to, their channel: SMS through the SMSC and
 * WhatsApp through the Cloud API (the table kept its first name). A message stays queued until
 * the channel accepted it (`submit_sm_resp` OK for every part, a message id from the Cloud API),
 * so a dropped connection delays it and never loses it; delivery receipts and status callbacks
 * are matched by the channel's message ids.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    phone: text('phone').notNull(),
    /** 'sms' or 'whatsapp'. */
    channel: text('channel').notNull().default('sms'),
    /** Message kind: picks the DLT template ('otp'). */
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    /** WhatsApp: the Cloud API message without its recipient (a template, buttons or text). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
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
    index('sms_outbox_due_idx').on(t.channel, t.status, t.nextAttemptAt),
    index('sms_outbox_message_ids_idx').using('gin', t.messageIds),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/**
 * Messages received from a channel that names each one (WhatsApp's message id): a webhook
 * delivered again (Meta retries until it is answered) is acted on once.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    channel: text('channel').notNull(),
    externalId: text('external_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.externalId] })],
);
