import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  donations,
  events,
  volunteerAvailability,
  type AvailabilityRow,
} from '../../db/schema/index.js';

/** One volunteer's availability; `forUpdate` serialises that volunteer's grabs. */
export async function findAvailability(
  db: DbOrTx,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AvailabilityRow | undefined> {
  const query = db
    .select()
    .from(volunteerAvailability)
    .where(eq(volunteerAvailability.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Creates or replaces a volunteer's availability. */
export async function upsertAvailability(
  db: DbOrTx,
  values: Omit<AvailabilityRow, 'updatedAt'>,
): Promise<AvailabilityRow> {
  const { userId, ...rest } = values;
  const [row] = await db
    .insert(volunteerAvailability)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: volunteerAvailability.userId,
      set: { ...rest, updatedAt: new Date() },
    })
    .returning();
  void userId;
  return row!;
}

/**
 * Donations the volunteer grabbed since `since` and still holds (a released grab does not count
 * against the day's cap). Read from the event log through its actor index.
 */
export async function countPickupsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${events.entityId})::int` })
    .from(events)
    .innerJoin(donations, eq(donations.id, events.entityId))
    .where(
      and(
        eq(events.actorId, userId),
        gte(events.createdAt, since),
        eq(events.action, 'donation.grabbed'),
        eq(donations.volunteerId, userId),
      ),
    );
  return Number(row?.n ?? 0);
}
