import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { expireDueDonations } from '../modules/donations/donations.queries.js';
import { appendEvent } from '../modules/events/events.queries.js';
import {
  insertNotifications,
  type NewNotification,
} from '../modules/notifications/notifications.queries.js';
import { cancelOpenRequests } from '../modules/requests/requests.queries.js';
import { announceFeedChange } from '../lib/live.js';
import { purgeExpiredIdempotencyKeys } from '../plugins/idempotency.js';
import { startPeriodicJob, tryJobLock } from './job-lock.js';
const BATCH = 500;

/**
 * Expires pending donations whose time has passed: status expired, isExpired true, open requests
 * cancelled, donor and requesters notified. Returns how many donations expired. On PostgreSQL a
 * transaction-level advisory lock makes one instance run it per tick.
 */
export async function runExpiryOnce(database: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await database.db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, database, 'expiry'))) return 0;
      const donations = await expireDueDonations(tx, BATCH);
      const notices: NewNotification[] = [];
      for (const donation of donations) {
        await announceFeedChange(tx, donation.id);
        const cancelled = await cancelOpenRequests(tx, donation.id);
        await appendEvent(tx, {
          entityType: 'donation',
          entityId: donation.id,
          action: 'donation.expired',
          actorId: null,
          fromStatus: 'pending',
          toStatus: 'expired',
          data: { cancelledRequests: cancelled.length },
        });
        for (const request of cancelled) {
          await appendEvent(tx, {
            entityType: 'request',
            entityId: request.id,
            action: 'request.cancelled',
            actorId: null,
            fromStatus: request.status,
            toStatus: 'cancelled',
            data: { donationId: donation.id, reason: 'donation_expired' },
          });
        }
        const data = { donationId: donation.id, foodType: donation.foodType };
        notices.push({
          userId: donation.donorId,
          type: 'donation_expired',
          data,
        });
        for (const request of cancelled) {
          notices.push({
            userId: request.requesterId,
            type: 'request_cancelled',
            data: { ...data, requestId: request.id },
          });
        }
      }
      await insertNotifications(tx, notices);
      return donations.length;
    });
    total += expired;
    if (expired < BATCH) return total;
  }
}

/**
 * Runs the expiry job every `intervalMs` until stopped; a failed run is logged and retried.
 * `onRun` hears each run's outcome (metrics).
 */
export function startExpiryJob(
  database: Database,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
  onRun?: (ok: boolean) => void,
): () => void {
  return startPeriodicJob(
    'expiry',
    async () => {
      const count = await runExpiryOnce(database);
      if (count > 0) logger.info({ count }, 'donations expired');
      // Idempotency keys older than 7 days are no longer needed by any replay.
      const purged = await purgeExpiredIdempotencyKeys(database.db);
      if (purged > 0) logger.info({ purged }, 'idempotency keys purged');
    },
    logger,
    intervalMs,
    onRun,
  );
}
