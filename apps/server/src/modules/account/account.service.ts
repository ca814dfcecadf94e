import { deleteUserSessions } from '../auth/sessions.queries.js';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  collections,
  threadMessages,
  donations,
  events,
  notifications,
  pushSubscriptions,
  requests,
  sessions,
  users,
  type UserRow,
  donationSeries,
  volunteerAvailability,
  calendarFeeds,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { announceFeedChange } from '../../lib/live.js';
import { verifyPassword } from '../auth/passwords.js';
import { presentCollection } from '../carrying/collections.presenter.js';
import { presentDonation } from '../donations/donations.presenter.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { forgetRecipients } from '../outbox/outbox.queries.js';
import { presentNotification } from '../notifications/notifications.presenter.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { presentUser } from '../users/users.presenter.js';

/** Everything the platform holds about a user, as one JSON document (their right to a copy). */
export async function exportUserData(database: Database, user: UserRow) {
  const db = database.db;
  const [myDonations, myRequests, myCollections, myNotifications, mySessions, myEvents] = [
    await db.select().from(donations).where(eq(donations.donorId, user.id)),
    await db
      .select()
      .from(requests)
      .where(
        or(
          eq(requests.requesterId, user.id),
          eq(requests.volunteerId, user.id),
          eq(requests.destinationUserId, user.id),
        ),
      ),
    await db.select().from(collections).where(eq(collections.volunteerId, user.id)),
    await db.select().from(notifications).where(eq(notifications.userId, user.id)),
    await db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        persistent: sessions.persistent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    await db.select().from(events).where(eq(events.actorId, user.id)),
  ];
  return {
    exportedAt: new Date().toISOString(),
    profile: presentUser(user),
    donations: myDonations.map((d) => presentDonation(d, 'full')),
    requests: myRequests.map((r) => presentRequest(r, user)),
    collections: myCollections.map(presentCollection),
    notifications: myNotifications.map((n) => presentNotification(n, user.language)),
    sessions: mySessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
    activityLog: myEvents.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    recurringDonations: await db
      .select()
      .from(donationSeries)
      .where(eq(donationSeries.donorId, user.id)),
    availability:
      (
        await db
          .select()
          .from(volunteerAvailability)
          .where(eq(volunteerAvailability.userId, user.id))
      )[0] ?? null,
    // Whether a calendar feed exists and since when; its secret address is on the profile.
    calendarFeed:
      (
        await db
          .select({ createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, user.id))
      )[0] ?? null,
  };
}

const ANONYMOUS = 'Deleted user';

/**
 * Deletes an account at its owner's request, after checking the password again. Personal
 * fields are anonymised everywhere they were copied (donation and request snapshots), sessions,
 * push subscriptions and notifications go, open donations are withdrawn and open requests
 * cancelled, and impact totals stay, so other users' history and platform figures remain true.
 */
export async function deleteAccount(
  database: Database,
  user: UserRow,
  password: string,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError('PASSWORD_INCORRECT');
  await database.db.transaction(async (tx) => {
    // Open donations are withdrawn: nobody can collect from an account that no longer exists.
    const open = await tx
      .update(donations)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(donations.donorId, user.id),
          inArray(donations.status, ['pending', 'accepted']),
          sql`${donations.deletedAt} is null`,
        ),
      )
      .returning({ id: donations.id, foodType: donations.foodType });
    for (const donation of open) {
      const cancelled = await tx
        .update(requests)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            eq(requests.donationId, donation.id),
            inArray(requests.status, ['pending', 'accepted']),
          ),
        )
        .returning({
          id: requests.id,
          requesterId: requests.requesterId,
          volunteerId: requests.volunteerId,
        });
      await announceFeedChange(tx, donation.id);
      const told = [
        ...new Set(
          cancelled
            .flatMap((r) => [r.requesterId, r.volunteerId])
            .filter((id): id is string => !!id && id !== user.id),
        ),
      ];
      await insertNotifications(
        tx,
        told.map((userId) => ({
          userId,
          type: 'donation_deleted' as const,
          data: { donationId: donation.id, foodType: donation.foodType },
        })),
      );
    }
    await tx
      .update(requests)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(requests.requesterId, user.id), eq(requests.status, 'pending')));

    // Snapshots copied onto other records lose the personal details too.
    await tx
      .update(donations)
      .set({
        donorName: ANONYMOUS,
        donorEmail: '',
        donorPhone: '',
        donorAddress: '',
        donorLat: null,
        donorLng: null,
      })
      .where(eq(donations.donorId, user.id));
    await tx
      .update(requests)
      .set({
        requesterName: ANONYMOUS,
        requesterEmail: '',
        requesterPhone: '',
        requesterAddress: '',
        requesterLat: null,
        requesterLng: null,
      })
      .where(eq(requests.requesterId, user.id));
    await tx
      .update(requests)
      .set({ donorName: ANONYMOUS, donorEmail: '' })
      .where(eq(requests.donorId, user.id));
    await tx
      .update(requests)
      .set({ volunteerName: ANONYMOUS, volunteerEmail: '' })
      .where(eq(requests.volunteerId, user.id));
    await tx
      .update(requests)
      .set({
        destinationName: ANONYMOUS,
        destinationEmail: '',
        destinationPhone: '',
        destinationAddress: '',
      })
      .where(eq(requests.destinationUserId, user.id));
    await tx
      .update(collections)
      .set({ volunteerName: ANONYMOUS, volunteerEmail: '' })
      .where(eq(collections.volunteerId, user.id));
    // What they typed in pickup conversations may name them or their number: it goes too
    // (an empty text reads "message removed"); quick messages say nothing personal.
    await tx
      .update(threadMessages)
      .set({
        senderName: ANONYMOUS,
        body: sql`case when ${threadMessages.body} is null then null else '' end`,
      })
      .where(eq(threadMessages.senderId, user.id));

    await deleteUserSessions(tx, user.id);
    const browsers = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    await forgetRecipients(tx, [user.email, user.phone, ...browsers.map((b) => b.id)]);
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    await tx.delete(notifications).where(eq(notifications.userId, user.id));
    // Recurring donations hold a pickup address and would keep posting; availability holds a home
    // point; a calendar feed would keep answering: all gone with the account.
    await tx.delete(donationSeries).where(eq(donationSeries.donorId, user.id));
    await tx.delete(volunteerAvailability).where(eq(volunteerAvailability.userId, user.id));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    await tx
      .update(users)
      .set({
        email: `deleted+${user.id}@annasetu.invalid`,
        passwordHash: '!',
        name: ANONYMOUS,
        phone: '',
        phoneVerifiedAt: null,
        address: '',
        lat: null,
        lng: null,
        organizationName: null,
        publicSlug: null,
        cuisine: null,
        description: null,
        isVerified: false,
        fssaiNumber: null,
        fssaiVerifiedAt: null,
        fssaiVerifiedBy: null,
        deletedAt: sql`now()`,
        suspendedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await appendEvent(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.deleted',
      actorId: user.id,
    });
  });
}
