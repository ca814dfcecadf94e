// Both engines: a code is consumed by one conditional UPDATE, so of two concurrent verifies only one wins on PGlite and PostgreSQL alike.
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { phoneCodes, users, type PhoneCodeRow, type UserRow } from '../../db/schema/index.js';

export type CodePurpose = 'sign_in' | 'verify';

/** The account that signs in with this verified number (never a deleted one). */
export async function findUserByVerifiedPhone(
  db: DbOrTx,
  phone: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Stores a new code; any earlier live code for the same number and purpose stops working. */
export async function replaceCode(
  db: DbOrTx,
  code: {
    phone: string;
    purpose: CodePurpose;
    userId: string;
    salt: string;
    codeHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(phoneCodes.phone, code.phone),
        eq(phoneCodes.purpose, code.purpose),
        isNull(phoneCodes.consumedAt),
      ),
    );
  await db.insert(phoneCodes).values(code);
}

/** The newest code still usable for this number and purpose (and user, when given). */
export async function findLiveCode(
  db: DbOrTx,
  phone: string,
  purpose: CodePurpose,
  userId?: string,
): Promise<PhoneCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.purpose, purpose),
        isNull(phoneCodes.consumedAt),
        gt(phoneCodes.expiresAt, sql`now()`),
        ...(userId ? [eq(phoneCodes.userId, userId)] : []),
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong try on the code (kept for the record; the lock itself is a counter). */
export async function countWrongTry(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.id, id));
}

/** Uses the code up: true for exactly one caller, however many try at once. */
export async function consumeCode(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(phoneCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(phoneCodes.id, id),
        isNull(phoneCodes.consumedAt),
        gt(phoneCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: phoneCodes.id });
  return rows.length === 1;
}

/**
 * Marks the user's number verified, if it is still the number the code was sent to; 'taken'
 * when another account verified it first (the partial unique index decides, on both engines).
 */
export async function markPhoneVerified(
  db: DbOrTx,
  userId: string,
  phone: string,
): Promise<UserRow | 'taken' | undefined> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), ne(users.id, userId)))
    .limit(1);
  if (other) return 'taken';
  const [row] = await db
    .update(users)
    .set({ phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.phone, phone)))
    .returning();
  return row;
}
