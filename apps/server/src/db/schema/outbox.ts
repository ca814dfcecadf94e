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
 * Every message the app sends, waiting for or handed to its channel (decision 0070): SMS through
 * the SMSC, WhatsApp through the Cloud API, Web Push through the browser's push service, and
 * notification mail through SMTP. A message stays queued until the channel accepted it
 * (`submit_sm_resp` OK for every part, a message id from the Cloud API, 201 from the push
 * service, 250 from the mail server), so a channel that is down delays it and never loses it;
 * delivery receipts and status callbacks are matched by the channel's message ids.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Who it goes to, in the channel's terms: an E.164 number (SMS, WhatsApp), a push
     * subscription's id (its endpoint and keys are read when sending, so a removed browser gets
     * nothing), an email address.
     */
    recipient: text('recipient').notNull(),
    /** 'sms', 'whatsapp', 'push' or 'email'. */
    channel: text('channel').notNull().default('sms'),
    /** Message kind: picks the DLT template ('otp'); 'alert' for notifications. */
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    /** The text a person reads (SMS, push body, the mail's plain text). */
    body: text('body').notNull(),
    /**
     * What the channel sends besides the text: WhatsApp's Cloud API message without its
     * recipient, the push message's JSON, the mail's subject and HTML.
     */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** 'queued', 'sent', 'delivered', 'undelivered' or 'failed' (gave up). */
    status: text('status').notNull().default('queued'),
    /** SMS parts the operator bills; 1 for every other channel. */
    segments: integer('segments').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The channel's id of the message, or of each SMS part in order. */
    messageIds: jsonb('message_ids').$type<string[]>().notNull().default([]),
    /** Message ids of the parts whose receipt said delivered (a repeated receipt counts once). */
    deliveredIds: jsonb('delivered_ids').$type<string[]>().notNull().default([]),
    /** Not worth sending after this (a one-time code that has expired, food that is gone). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.channel, t.status, t.nextAttemptAt),
    index('outbox_message_ids_idx').using('gin', t.messageIds),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;

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
