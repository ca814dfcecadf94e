// Both engines: the outbox claim (FOR UPDATE SKIP LOCKED) and receipt updates are SQL that PGlite and PostgreSQL must both run.
// (This file's tests are the channels': sms-replies, otp, whatsapp, push, notifications-email.)
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { inboundMessages, outbox, type OutboxRow } from '../../db/schema/index.js';

/** The channels that reach a phone number. */
export type PhoneChannel = 'sms' | 'whatsapp';
/** Every channel of the outbox. */
export type OutboxChannel = PhoneChannel | 'push' | 'email';

/** One message for the outbox (`channel` is SMS unless it says otherwise). */
export interface OutgoingMessage {
  recipient: string;
  kind: string;
  language: string;
  body: string;
  segments: number;
  expiresAt: Date | null;
  channel?: OutboxChannel;
  payload?: Record<string, unknown>;
}

/**
 * Queues messages, in the caller's transaction when it has one (so a message exists exactly
 * when what caused it committed); the channel's outbox sends them after the commit.
 */
export async function enqueueMessage(db: DbOrTx, ...messages: OutgoingMessage[]): Promise<void> {
  if (messages.length > 0) await db.insert(outbox).values(messages);
}

/**
 * Takes up to `limit` due messages of a channel and leases them for `leaseSeconds`: another
 * instance (or a round after a crash) takes a message again only when its lease has run out
 * unsent.
 */
export async function claimDue(
  db: DbOrTx,
  limit: number,
  leaseSeconds: number,
  channel: OutboxChannel = 'sms',
): Promise<OutboxRow[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update outbox set
        next_attempt_at = now() + ${leaseSeconds} * interval '1 second',
        attempts = attempts + 1
      where id in (
        select id from outbox
        where channel = ${channel} and status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning id`),
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(outbox)
    .where(
      inArray(
        outbox.id,
        rows.map((r) => r.id),
      ),
    );
}

/** The channel accepted the message (every part of an SMS). */
export async function markSent(db: DbOrTx, id: string, messageIds: string[]): Promise<void> {
  await db.execute(sql`
    update outbox set status = 'sent', sent_at = now(), last_error = null,
      message_ids = ${JSON.stringify(messageIds)}::jsonb
    where id = ${id} and status = 'queued'`);
}

/** Not sent this time: due again after `delayMs`, or given up (`status` 'failed' or 'expired'). */
export async function markNotSent(
  db: DbOrTx,
  id: string,
  error: string,
  next: { delayMs: number } | { status: 'failed' | 'expired' },
): Promise<void> {
  const status = 'status' in next ? next.status : 'queued';
  const delay = 'delayMs' in next ? next.delayMs : 0;
  await db.execute(sql`
    update outbox set status = ${status}, last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + ${delay} * interval '1 millisecond'
    where id = ${id} and status = 'queued'`);
}

/**
 * Records one part's delivery receipt (or a WhatsApp message's status callback). A receipt
 * repeated by the channel changes nothing; the message is delivered once every part is,
 * undelivered as soon as one part is not.
 */
export async function recordReceipt(
  db: DbOrTx,
  messageId: string,
  delivered: boolean,
): Promise<boolean> {
  const id = JSON.stringify([messageId]);
  const added = sql`case when delivered_ids @> ${id}::jsonb then delivered_ids
    else delivered_ids || ${id}::jsonb end`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update outbox set
        delivered_ids = case when ${delivered} then ${added} else delivered_ids end,
        status = case
          when not ${delivered} then 'undelivered'
          when status = 'undelivered' then status
          when jsonb_array_length(${added}) >= segments then 'delivered'
          else status end,
        delivered_at = case when ${delivered} and jsonb_array_length(${added}) >= segments
          then coalesce(delivered_at, now()) else delivered_at end
      where message_ids @> ${id}::jsonb and status in ('sent', 'delivered', 'undelivered')
      returning id`),
  );
  return rows.length > 0;
}

/** How the figures group a message's status: undelivered and expired count as failed. */
function statusGroup(status: string): 'waiting' | 'sent' | 'delivered' | 'failed' {
  if (status === 'queued') return 'waiting';
  return status === 'sent' || status === 'delivered' ? status : 'failed';
}

/** One kind's messages since a time, by status, with the parts they took. */
export interface OutboxCounts {
  messages: number;
  segments: number;
  waiting: number;
  sent: number;
  delivered: number;
  failed: number;
}

const none = (): OutboxCounts => ({
  messages: 0,
  segments: 0,
  waiting: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
});

/**
 * What the outbox did since `since`, per kind and in all: for the admin console and the metrics
 * (read from the database, so every instance reports the same). Undelivered and expired count as
 * failed; a message is billed for its parts once it was accepted.
 */
export async function outboxSummarySince(db: DbOrTx, since: Date, channel: OutboxChannel = 'sms') {
  const rows = rowsOf<{ kind: string; status: string; n: number; parts: number }>(
    await db.execute(sql`
      select kind, status, count(*)::int as n, coalesce(sum(segments), 0)::int as parts
      from outbox
      where channel = ${channel} and created_at >= ${since.toISOString()}::timestamptz
      group by kind, status`),
  );
  const byKind: Record<'otp' | 'alert' | 'reply', OutboxCounts> = {
    otp: none(),
    alert: none(),
    reply: none(),
  };
  const total = none();
  for (const row of rows) {
    const status = statusGroup(row.status);
    for (const counts of [total, byKind[row.kind as keyof typeof byKind]].filter(Boolean)) {
      counts.messages += Number(row.n);
      counts[status] += Number(row.n);
      if (status === 'sent' || status === 'delivered') counts.segments += Number(row.parts);
    }
  }
  return { total, byKind };
}

/** Messages per channel since a time: waiting, sent, delivered and failed (the metrics' gauge). */
export async function outboxCountsByChannel(db: DbOrTx, since: Date) {
  const rows = rowsOf<{ channel: string; status: string; n: number }>(
    await db.execute(sql`
      select channel, status, count(*)::int as n from outbox
      where created_at >= ${since.toISOString()}::timestamptz
      group by channel, status`),
  );
  const counts: Record<OutboxChannel, Omit<OutboxCounts, 'messages' | 'segments'>> = {
    sms: { waiting: 0, sent: 0, delivered: 0, failed: 0 },
    whatsapp: { waiting: 0, sent: 0, delivered: 0, failed: 0 },
    push: { waiting: 0, sent: 0, delivered: 0, failed: 0 },
    email: { waiting: 0, sent: 0, delivered: 0, failed: 0 },
  };
  for (const row of rows) {
    const channel = counts[row.channel as OutboxChannel];
    if (!channel) continue;
    const status = statusGroup(row.status);
    channel[status] += Number(row.n);
  }
  return counts;
}

/**
 * Notes a message received from a channel by its id; false when it was noted before (a webhook
 * delivered again), so it is acted on once.
 */
export async function firstReceipt(
  db: DbOrTx,
  channel: PhoneChannel,
  externalId: string,
): Promise<boolean> {
  const rows = await db
    .insert(inboundMessages)
    .values({ channel, externalId })
    .onConflictDoNothing()
    .returning({ id: inboundMessages.externalId });
  return rows.length > 0;
}

/** How long a sent or given-up message is kept (for the console's figures and receipts). */
const KEEP_DAYS = 30;
/** How long a received message's id is kept: channels repeat a webhook within hours, not weeks. */
const KEEP_INBOUND_DAYS = 7;

/** Removes finished messages and received ids past their keeping time (the housekeeping sweep). */
export async function pruneOutbox(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    delete from outbox
    where status <> 'queued' and created_at < now() - ${KEEP_DAYS} * interval '1 day'`);
  await db.execute(sql`
    delete from inbound_messages
    where received_at < now() - ${KEEP_INBOUND_DAYS} * interval '1 day'`);
}

/**
 * Forgets every message to these recipients (a deleted account's number, address and browsers):
 * what waited is not sent, and what was sent no longer names them.
 */
export async function forgetRecipients(db: DbOrTx, recipients: string[]): Promise<void> {
  const named = recipients.filter(Boolean);
  if (named.length === 0) return;
  await db.delete(outbox).where(inArray(outbox.recipient, named));
}
