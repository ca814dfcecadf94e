import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  calendarFeeds,
  donations,
  donationSeries,
  requests,
  users,
  type UserRow,
} from '../../db/schema/index.js';

/** The user's feed token, if they made one. */
export async function findFeedToken(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.token ?? null;
}

/** Stores a new token for the user, replacing any old one (the old link stops working). */
export async function replaceFeedToken(db: DbOrTx, userId: string, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
}

/** Revokes the user's feed. */
export async function deleteFeedToken(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The live user a token belongs to (suspended and deleted accounts have no feed). */
export async function findUserByFeedToken(db: DbOrTx, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), isNull(users.suspendedAt), isNull(users.deletedAt)));
  return row?.user;
}

const FEED_LIMIT = 200;

/** Requests the volunteer carries: grabbed (to collect) or collected (to deliver). */
export async function listVolunteerPickups(db: DbOrTx, userId: string) {
  return db
    .select({ request: requests, donation: donations })
    .from(requests)
    .innerJoin(donations, eq(donations.id, requests.donationId))
    .where(
      and(eq(requests.volunteerId, userId), inArray(requests.status, ['accepted', 'collected'])),
    )
    .orderBy(asc(donations.expiryTime))
    .limit(FEED_LIMIT);
}

/** Food on its way to the receiver: their accepted or collected requests and deliveries. */
export async function listIncomingDeliveries(db: DbOrTx, userId: string) {
  return db
    .select({ request: requests, donation: donations })
    .from(requests)
    .innerJoin(donations, eq(donations.id, requests.donationId))
    .where(
      and(
        or(eq(requests.destinationUserId, userId), eq(requests.requesterId, userId)),
        inArray(requests.status, ['accepted', 'collected']),
        eq(requests.isVolunteerRequest, false),
      ),
    )
    .orderBy(asc(donations.expiryTime))
    .limit(FEED_LIMIT);
}

/** The donor's donations still waiting for someone, and their active recurring donations. */
export async function listDonorSchedule(db: DbOrTx, userId: string, now: Date) {
  const open = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.donorId, userId),
        eq(donations.status, 'pending'),
        isNull(donations.deletedAt),
        gt(donations.expiryTime, now),
      ),
    )
    .orderBy(asc(donations.expiryTime))
    .limit(FEED_LIMIT);
  const series = await db
    .select()
    .from(donationSeries)
    .where(and(eq(donationSeries.donorId, userId), eq(donationSeries.status, 'active')));
  return { open, series };
}
