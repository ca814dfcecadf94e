import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { DonationStatus, RequestStatus } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { donations, requests } from '../../db/schema/index.js';

/** How many of the donor's own (not deleted) donations are in each status. */
export async function countDonationsByStatus(
  db: DbOrTx,
  donorId: string,
): Promise<Partial<Record<DonationStatus, number>>> {
  const rows = await db
    .select({ status: donations.status, n: count() })
    .from(donations)
    .where(and(eq(donations.donorId, donorId), isNull(donations.deletedAt)))
    .groupBy(donations.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** How many requests the user takes part in (any side), per status. */
export async function countRequestsByStatus(
  db: DbOrTx,
  userId: string,
): Promise<Partial<Record<RequestStatus, number>>> {
  const rows = await db
    .select({ status: requests.status, n: count() })
    .from(requests)
    .where(
      or(
        eq(requests.requesterId, userId),
        eq(requests.donorId, userId),
        eq(requests.volunteerId, userId),
        eq(requests.destinationUserId, userId),
      ),
    )
    .groupBy(requests.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
