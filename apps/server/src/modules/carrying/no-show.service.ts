// A grab nobody collects: the volunteer is reminded, then the donation is given back and the
// no-show counted against them (decision 0061).
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { donations, type DonationRow } from '../../db/schema/index.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { findUserById, incrementUserCounters } from '../users/users.queries.js';
import { giveBack } from './carry.service.js';

/** What one run of the no-show job did. */
export interface NoShowRound {
  donations: number;
  reminded: number;
  released: number;
}

/** Still held by a volunteer and not yet collected: the only state the clock applies to. */
function isHeld(d: DonationRow): boolean {
  return (
    d.status === 'accepted' &&
    d.volunteerId !== null &&
    d.deletedAt === null &&
    d.collectBy !== null
  );
}

/**
 * Takes every no-show step due at `now` (a parameter, so tests move the clock): the reminder
 * once, and at the deadline the automatic release with the no-show counted. Due donations are
 * claimed `FOR UPDATE SKIP LOCKED`, the lock a collection and a voluntary release also take:
 * whichever commits first wins, the other finds the donation no longer held. The next step's
 * time is written in the same transaction, so a replay or a second instance does nothing twice.
 */
export async function settleDueHolds(
  database: Database,
  now: Date,
  batch: number,
): Promise<NoShowRound> {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(donations)
      .where(and(isNotNull(donations.noShowCheckAt), lte(donations.noShowCheckAt, now)))
      .orderBy(asc(donations.noShowCheckAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const round: NoShowRound = { donations: due.length, reminded: 0, released: 0 };
    for (const d of due) {
      const volunteer = isHeld(d) ? await findUserById(tx, d.volunteerId!) : undefined;
      if (!volunteer) {
        // Collected, withdrawn or otherwise no longer held: nothing left to watch.
        await tx.update(donations).set({ noShowCheckAt: null }).where(eq(donations.id, d.id));
        continue;
      }
      const data = { donationId: d.id, foodType: d.foodType };
      if (now < d.collectBy!) {
        if (d.remindedAt === null) {
          round.reminded += 1;
          await insertNotifications(
            tx,
            [{ userId: volunteer.id, type: 'pickup_reminder', data }],
            now,
          );
          await appendEvent(tx, {
            entityType: 'donation',
            entityId: d.id,
            action: 'donation.pickup_reminded',
            actorId: null,
            data: { volunteerId: volunteer.id, collectBy: d.collectBy!.toISOString() },
          });
        }
        await tx
          .update(donations)
          .set({ remindedAt: d.remindedAt ?? now, noShowCheckAt: d.collectBy })
          .where(eq(donations.id, d.id));
        continue;
      }
      round.released += 1;
      await giveBack(tx, d, volunteer, { automatic: true, reason: 'no_show' });
      await incrementUserCounters(tx, volunteer.id, { noShows: 1 });
      await appendEvent(tx, {
        entityType: 'donation',
        entityId: d.id,
        action: 'donation.no_show',
        actorId: null,
        data: { volunteerId: volunteer.id, collectBy: d.collectBy!.toISOString() },
      });
      await insertNotifications(tx, [{ userId: volunteer.id, type: 'pickup_released', data }], now);
    }
    return round;
  });
}
