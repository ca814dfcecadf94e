import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events, users, type EventRow, type UserRow } from '../../db/schema/index.js';

/** Users for the admin console: optional role and text search, newest first, keyset-paginated. */
export async function searchUsers(
  db: DbOrTx,
  params: {
    role?: UserRow['role'] | undefined;
    search?: string | undefined;
    limit: number;
    after?: [string, string] | undefined;
  },
): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (params.role) conditions.push(eq(users.role, params.role));
  if (params.search) {
    // Escape LIKE wildcards: a search for "50%" means the text, not a pattern.
    const pattern = `%${params.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ilike(users.organizationName, pattern),
        ilike(users.phone, pattern),
      )!,
    );
  }
  if (params.after) {
    const [createdAt, id] = params.after;
    conditions.push(
      or(
        lt(users.createdAt, new Date(createdAt)),
        and(eq(users.createdAt, new Date(createdAt)), lt(users.id, id)),
      )!,
    );
  }
  return db
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit);
}

/** Sets flags on one user and returns the row (undefined when there is no such user). */
export async function setUserFlags(
  db: DbOrTx,
  id: string,
  changes: {
    isVerified?: boolean;
    suspendedAt?: Date | null;
    fssaiVerifiedAt?: Date | null;
    fssaiVerifiedBy?: string | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The newest entries of the event log, optionally about one entity type. */
export async function recentEvents(
  db: DbOrTx,
  params: { entityType?: string | undefined; limit: number; beforeId?: number | undefined },
): Promise<EventRow[]> {
  const conditions: SQL[] = [];
  if (params.entityType) conditions.push(eq(events.entityType, params.entityType));
  if (params.beforeId) conditions.push(lt(events.id, params.beforeId));
  return db
    .select()
    .from(events)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(events.id))
    .limit(params.limit);
}
