import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { FSSAI_ROLES, hasAnyRole } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

/** Inserts a user unless the email is taken; undefined means taken. */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Updates the editable profile fields of one user; returns the new row. */
export async function updateUserProfile(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'phone'
      | 'address'
      | 'lat'
      | 'lng'
      | 'language'
      | 'emailNotifications'
      | 'publicSlug'
      | 'fssaiNumber'
      | 'fssaiVerifiedAt'
      | 'fssaiVerifiedBy'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...changes,
      // A different number is not verified any more; the same number typed again stays so.
      ...(changes.phone !== undefined
        ? {
            phoneVerifiedAt: sql`case when ${users.phone} = ${changes.phone} then ${users.phoneVerifiedAt} end`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setUserPassword(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function countUsers(
  db: DbOrTx,
  options: { excludeAdmins?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(options.excludeAdmins ? ne(users.role, 'admin') : undefined);
  return row?.n ?? 0;
}

/** "users by role" (seed section 7): active accounts of one role, newest first. */
export async function listUsersByRole(
  db: DbOrTx,
  role: UserRow['role'],
  limit: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, role), isNull(users.suspendedAt)))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** Adds to a user's counters (requests made, donations made, tokens). */
export async function incrementUserCounters(
  db: DbOrTx,
  id: string,
  by: { totalRequests?: number; totalDonations?: number; tokens?: number; noShows?: number },
): Promise<void> {
  await db
    .update(users)
    .set({
      totalRequests: sql`${users.totalRequests} + ${by.totalRequests ?? 0}`,
      totalDonations: sql`${users.totalDonations} + ${by.totalDonations ?? 0}`,
      tokens: sql`${users.tokens} + ${by.tokens ?? 0}`,
      noShows: sql`${users.noShows} + ${by.noShows ?? 0}`,
    })
    .where(eq(users.id, id));
}

/** An FSSAI number and whether an admin checked it. */
export interface FssaiRecord {
  number: string;
  verified: boolean;
}

/**
 * The FSSAI numbers of several users by id: a record, or null for a food business or food bank
 * without one; exempt users (individuals, volunteers, nurseries, poultry farms) are left out.
 */
export async function listFssaiNumbers(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, FssaiRecord | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      number: users.fssaiNumber,
      verifiedAt: users.fssaiVerifiedAt,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.flatMap((r) =>
      hasAnyRole(r.role, FSSAI_ROLES) || r.number !== null
        ? [[r.id, fssaiRecordOf(r.number, r.verifiedAt)]]
        : [],
    ),
  );
}

/** An FSSAI number and its check as the API shows them; null without a number. */
export function fssaiRecordOf(number: string | null, verifiedAt: Date | null): FssaiRecord | null {
  return number === null ? null : { number, verified: verifiedAt !== null };
}

/** The points of several users by id (users without one are left out): drop-offs of a trip. */
export async function listUserPoints(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, { lat: number; lng: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, lat: users.lat, lng: users.lng })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.flatMap((r) =>
      r.lat !== null && r.lng !== null ? [[r.id, { lat: r.lat, lng: r.lng }]] : [],
    ),
  );
}
