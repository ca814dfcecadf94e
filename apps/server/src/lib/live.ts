import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/** The PostgreSQL channel live events travel on between instances. */
export const LIVE_CHANNEL = 'annasetu_live';

/**
 * What changed, for whom. `audience: 'feed'` means everyone who sees an available-donations feed.
 * `thread`: a pickup's conversation has a new message (`data.requestId`). `session` is not delivered: it tells every instance to close the streams of a session that
 * ended (`data.stream`, see streamKeyOf) or of every session of `userIds`.
 */
export interface LiveEventInput {
  kind: 'notification' | 'donation' | 'request' | 'thread' | 'session';
  userIds?: string[];
  audience?: 'feed';
  data?: Record<string, string>;
}

/** A live event as delivered to streams. */
export interface LiveEvent extends LiveEventInput {
  id: number;
}

/**
 * Announces a change from inside the transaction that makes it. NOTIFY is delivered on commit
 * only, so a stream never hears of a change that was rolled back, and every instance listening
 * on the channel (PGlite in-process, or every server on one PostgreSQL) gets it.
 */
export async function publishLive(db: DbOrTx, event: LiveEventInput): Promise<void> {
  const users = event.userIds ? [...new Set(event.userIds)] : undefined;
  // A NOTIFY payload holds at most 8000 bytes: large audiences go in several messages.
  const chunks = users ? chunk(users, USERS_PER_MESSAGE) : [undefined];
  for (const userIds of chunks) {
    const payload = JSON.stringify({ ...event, userIds });
    await db.execute(
      sql`select pg_notify(${LIVE_CHANNEL}, json_build_object('id', nextval('live_event_seq'), 'event', ${payload}::json)::text)`,
    );
  }
}

const USERS_PER_MESSAGE = 100;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The key a session's event streams are known by in live events: a hash of the session id (which
 * is itself the hash of the cookie), so the channel never carries what finds the session row.
 */
export function streamKeyOf(sessionId: string): string {
  return createHash('sha256').update(`stream:${sessionId}`).digest('hex').slice(0, 32);
}

/** Closes, on every instance, the open event streams of one ended session. */
export function announceSessionEnded(db: DbOrTx, sessionId: string): Promise<void> {
  return publishLive(db, { kind: 'session', data: { stream: streamKeyOf(sessionId) } });
}

/** Closes, on every instance, the open event streams of every session of these users. */
export function announceSessionsEnded(db: DbOrTx, userIds: string[]): Promise<void> {
  return publishLive(db, { kind: 'session', userIds });
}

/**
 * Tells every open feed (receivers, volunteers, maps) that a donation appeared, moved or left,
 * and also `owners` (a donor whose recurring donation the server posted: no action of theirs
 * refreshed their page).
 */
export function announceFeedChange(
  db: DbOrTx,
  donationId: string,
  owners: string[] = [],
): Promise<void> {
  return publishLive(db, {
    kind: 'donation',
    audience: 'feed',
    ...(owners.length > 0 ? { userIds: owners } : {}),
    data: { donationId },
  });
}
