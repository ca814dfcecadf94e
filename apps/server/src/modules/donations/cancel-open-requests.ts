import type { DbOrTx } from '../../db/client.js';
import type { RequestRow } from '../../db/schema/index.js';
import { appendEvent } from '../events/events.queries.js';
import { cancelOpenRequests } from '../requests/requests.queries.js';

/**
 * Cancels a donation's open requests, inside the caller's transaction, and logs each move from
 * the state that request was in: the event log stays true for disputes (who, when, from what).
 */
export async function cancelOpenRequestsLogged(
  tx: DbOrTx,
  donationId: string,
  actorId: string,
  reason: 'donation_deleted' | 'donor_delivers',
): Promise<RequestRow[]> {
  const cancelled = await cancelOpenRequests(tx, donationId);
  for (const request of cancelled) {
    await appendEvent(tx, {
      entityType: 'request',
      entityId: request.id,
      action: 'request.cancelled',
      actorId,
      fromStatus: request.status,
      toStatus: 'cancelled',
      data: { donationId, reason },
    });
  }
  return cancelled;
}
