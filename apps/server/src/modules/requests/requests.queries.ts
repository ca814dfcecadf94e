import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { requests, type NewRequestRow, type RequestRow } from '../../db/schema/index.js';

/** Postgres unique_violation: a second open request by the same receiver for one donation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return (
    code === '23505' && (constraint === undefined || name === undefined || name === constraint)
  );
}

export async function insertRequest(db: DbOrTx, values: NewRequestRow): Promise<RequestRow> {
  const [row] = await db.insert(requests).values(values).returning();
  return row!;
}

/** Cancels every open (pending or accepted) request on a donation and returns them. */
export async function cancelOpenRequests(db: DbOrTx, donationId: string): Promise<RequestRow[]> {
  return db
    .update(requests)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(eq(requests.donationId, donationId), inArray(requests.status, ['pending', 'accepted'])),
    )
    .returning();
}

/** Rejects the pending requests on a donation (it expired, or another request was accepted). */
export async function rejectPendingRequests(db: DbOrTx, donationId: string): Promise<RequestRow[]> {
  return db
    .update(requests)
    .set({ status: 'rejected', updatedAt: sql`now()` })
    .where(and(eq(requests.donationId, donationId), eq(requests.status, 'pending')))
    .returning();
}

/** True when the user takes part in a donation through one of its requests. */
export async function isInvolvedInDonation(
  db: DbOrTx,
  donationId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.donationId, donationId),
        or(
          eq(requests.requesterId, userId),
          eq(requests.volunteerId, userId),
          eq(requests.destinationUserId, userId),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
