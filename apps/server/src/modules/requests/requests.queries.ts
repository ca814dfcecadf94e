import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
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

/**
 * Moves the requests of a donation that are in one of `from` to `to` and returns them as they
 * were before (locked first), so the event log can state the true from-state of each. Call it
 * inside the transaction that makes the change.
 */
async function moveRequestsOfDonation(
  db: DbOrTx,
  donationId: string,
  from: RequestRow['status'][],
  to: RequestRow['status'],
): Promise<RequestRow[]> {
  const before = await db
    .select()
    .from(requests)
    .where(and(eq(requests.donationId, donationId), inArray(requests.status, from)))
    .orderBy(requests.id)
    .for('update');
  if (before.length === 0) return [];
  await db
    .update(requests)
    .set({ status: to, updatedAt: sql`now()` })
    .where(
      inArray(
        requests.id,
        before.map((r) => r.id),
      ),
    );
  return before;
}

/** Cancels every open (pending or accepted) request on a donation; returns them as they were. */
export function cancelOpenRequests(db: DbOrTx, donationId: string): Promise<RequestRow[]> {
  return moveRequestsOfDonation(db, donationId, ['pending', 'accepted'], 'cancelled');
}

/**
 * Rejects the pending requests on a donation (another request was accepted, or it was
 * collected); returns them as they were, still `pending`.
 */
export function rejectPendingRequests(db: DbOrTx, donationId: string): Promise<RequestRow[]> {
  return moveRequestsOfDonation(db, donationId, ['pending'], 'rejected');
}

/** The requests on a donation the user is a party to (requester, volunteer or destination). */
export async function listPartyRequests(
  db: DbOrTx,
  donationId: string,
  userId: string,
): Promise<RequestRow[]> {
  return db
    .select()
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
    .limit(20);
}

/** One request, locked for the rest of the transaction when `forUpdate`. */
export async function findRequest(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequestRow | undefined> {
  const query = db.select().from(requests).where(eq(requests.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Applies changes to one request and returns the new row. */
export async function updateRequest(
  db: DbOrTx,
  id: string,
  changes: Partial<Omit<RequestRow, 'id' | 'createdAt'>>,
): Promise<RequestRow> {
  const [row] = await db
    .update(requests)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(requests.id, id))
    .returning();
  return row!;
}

/** The receiver's accepted request on a donation (the one a grabbing volunteer routes). */
export async function findAcceptedReceiverRequest(
  db: DbOrTx,
  donationId: string,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.donationId, donationId),
        eq(requests.status, 'accepted'),
        eq(requests.isVolunteerRequest, false),
      ),
    )
    .limit(1);
  return row;
}

/** Requests a user takes part in (as requester, donor, volunteer or destination), newest first. */
export async function listRequestsForUser(
  db: DbOrTx,
  params: {
    userId: string | null;
    statuses: readonly RequestRow['status'][] | null;
    donationId?: string | undefined;
    limit: number;
    after?: [string, string] | undefined;
  },
): Promise<RequestRow[]> {
  const conditions = [];
  if (params.userId) {
    conditions.push(
      or(
        eq(requests.requesterId, params.userId),
        eq(requests.donorId, params.userId),
        eq(requests.volunteerId, params.userId),
        eq(requests.destinationUserId, params.userId),
      ),
    );
  }
  if (params.statuses) conditions.push(inArray(requests.status, [...params.statuses]));
  if (params.donationId) conditions.push(eq(requests.donationId, params.donationId));
  if (params.after) {
    const [createdAt, id] = params.after;
    conditions.push(
      or(
        lt(requests.createdAt, new Date(createdAt)),
        and(eq(requests.createdAt, new Date(createdAt)), lt(requests.id, id)),
      ),
    );
  }
  return db
    .select()
    .from(requests)
    .where(and(...conditions))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(params.limit);
}

/** Incoming deliveries: requests whose destination is the user (seed section 6). */
export async function listIncomingDeliveries(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(requests)
    .where(
      and(
        eq(requests.destinationUserId, userId),
        inArray(requests.status, ['accepted', 'collected', 'fulfilled']),
      ),
    )
    .orderBy(desc(requests.updatedAt), desc(requests.id))
    .limit(limit);
}

/**
 * The live jobs a user carries, oldest first: as volunteer the requests they hold (accepted or
 * collected), as donor their self deliveries still on the way (accepted).
 */
export async function listCarriedRequests(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(requests)
    .where(
      or(
        and(eq(requests.volunteerId, userId), inArray(requests.status, ['accepted', 'collected'])),
        and(
          eq(requests.donorId, userId),
          eq(requests.isSelfDelivery, true),
          eq(requests.status, 'accepted'),
        ),
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id))
    .limit(limit);
}
