// Both engines: the outbox claim (FOR UPDATE SKIP LOCKED) and receipt updates are SQL that PGlite and PostgreSQL must both run.
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { inboundMessages, smsOutbox, type SmsOutboxRow } from '../../db/schema/index.js';

/** The channels of the phone-message outbox. */
export type PhoneChannel = 'sms' | 'whatsapp';

/**
 * Queues one message to a phone (by SMS unless `channel` says WhatsApp); the channel's outbox
 * sends it after the commit.
 */
export async function enqueueSms(
  db: DbOrTx,
  message: {
    phone: string;
    kind: string;
    language: string;
    body: string;
    segments: number;
    expiresAt: Date | null;
    channel?: PhoneChannel;
    payload?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(smsOutbox).values(message);
}

/**
 * Takes up to `limit` due messages of a channel and leases them for `leaseSeconds`: another
 * instance (or a round after a crash) takes a message again only when its lease has run out
 * unsent.
 */
export async function claimDueSms(
  db: DbOrTx,
  limit: number,
  leaseSeconds: number,
  channel: PhoneChannel = 'sms',
): Promise<SmsOutboxRow[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update sms_outbox set
        next_attempt_at = now() + ${leaseSeconds} * interval '1 second',
        attempts = attempts + 1
      where id in (
        select id from sms_outbox
        where channel = ${channel} and status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning id`),
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(smsOutbox)
    .where(
      inArray(
        smsOutbox.id,
        rows.map((r) => r.id),
      ),
    );
}

/** Every part was accepted by the SMSC. */
export async function markSmsSent(db: DbOrTx, id: string, messageIds: string[]): Promise<void> {
  await db.execute(sql`
    update sms_outbox set status = 'sent', sent_at = now(), last_error = null,
      message_ids = ${JSON.stringify(messageIds)}::jsonb
    where id = ${id} and status = 'queued'`);
}

/** Not sent this time: due again after `delayMs`, or given up (`status` 'failed' or 'expired'). */
export async function markSmsNotSent(
  db: DbOrTx,
  id: string,
  error: string,
  next: { delayMs: number } | { status: 'failed' | 'expired' },
): Promise<void> {
  const status = 'status' in next ? next.status : 'queued';
  const delay = 'delayMs' in next ? next.delayMs : 0;
  await db.execute(sql`
    update sms_outbox set status = ${status}, last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + ${delay} * interval '1 millisecond'
    where id = ${id} and status = 'queued'`);
}

/**
 * Records one part's delivery receipt (or a WhatsApp message's status callback). A receipt
 * repeated by the channel changes nothing; the message is delivered once every part is,
 * undelivered as soon as one part is not.
 */
export async function recordSmsReceipt(
  db: DbOrTx,
  messageId: string,
  delivered: boolean,
): Promise<boolean> {
  const id = JSON.stringify([messageId]);
  const added = sql`case when delivered_ids @> ${id}::jsonb then delivered_ids
    else delivered_ids || ${id}::jsonb end`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update sms_outbox set
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

/** One kind's messages since a time, by status, with the parts they took. */
export interface SmsCounts {
  messages: number;
  segments: number;
  waiting: number;
  sent: number;
  delivered: number;
  failed: number;
}

const none = (): SmsCounts => ({
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
export async function smsSummarySince(db: DbOrTx, since: Date, channel: PhoneChannel = 'sms') {
  const rows = rowsOf<{ kind: string; status: string; n: number; parts: number }>(
    await db.execute(sql`
      select kind, status, count(*)::int as n, coalesce(sum(segments), 0)::int as parts
      from sms_outbox
      where channel = ${channel} and created_at >= ${since.toISOString()}::timestamptz
      group by kind, status`),
  );
  const byKind: Record<'otp' | 'alert' | 'reply', SmsCounts> = {
    otp: none(),
    alert: none(),
    reply: none(),
  };
  const total = none();
  for (const row of rows) {
    const status =
      row.status === 'queued'
        ? 'waiting'
        : row.status === 'sent' || row.status === 'delivered'
          ? row.status
          : 'failed';
    for (const counts of [total, byKind[row.kind as keyof typeof byKind]].filter(Boolean)) {
      counts.messages += Number(row.n);
      counts[status] += Number(row.n);
      if (status === 'sent' || status === 'delivered') counts.segments += Number(row.parts);
    }
  }
  return { total, byKind };
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
