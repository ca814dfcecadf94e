import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { announceSessionEnded, announceSessionsEnded } from '../../lib/live.js';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.js';

/** Stores a new session (its id is the hash of the cookie token). */
export async function insertSession(
  db: DbOrTx,
  values: Omit<SessionRow, 'createdAt' | 'lastSeenAt'>,
): Promise<void> {
  await db.insert(sessions).values(values);
}

function liveSessionQuery(db: DbOrTx) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql`now()`),
        sql`${users.suspendedAt} is null`,
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}

// Every signed-in request looks its session up: the statement is built once per database handle
// and, on PostgreSQL, parsed once per connection (a named prepared statement).
const liveSessionStatements = new WeakMap<DbOrTx, ReturnType<typeof liveSessionQuery>>();

/** A live session with its user; suspended users have no live sessions. */
export async function findLiveSession(
  db: DbOrTx,
  id: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  let statement = liveSessionStatements.get(db);
  if (!statement) {
    statement = liveSessionQuery(db);
    liveSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/** The expiry times of those of `ids` that are still live (expired or ended ones are absent). */
export async function liveSessionExpiries(db: DbOrTx, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, sql`now()`)));
  return new Map(rows.map((r) => [r.id, r.expiresAt]));
}

/** Slides an idle session's expiry forward. */
export async function touchSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt })
    .where(eq(sessions.id, id));
}

/** Ends one session; its open event streams close on every instance when this commits. */
export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  const removed = await db
    .delete(sessions)
    .where(eq(sessions.id, id))
    .returning({ id: sessions.id });
  if (removed.length > 0) await announceSessionEnded(db, id);
}

/**
 * Ends every session of a user (password reset, suspension, account deletion); their open event
 * streams close on every instance when this commits.
 */
export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await announceSessionsEnded(db, [userId]);
}

/** Removes expired sessions; run periodically. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, sql`now()`))
    .returning({ id: sessions.id });
  return rows.length;
}
