// The steps every request and donation move shares: lock in a fixed order, log the move to the
// event log, tell the requesters whose requests were turned down.
import { type EventAction } from '@annasetu/domain';
import type { Tx } from '../../db/client.js';
import type { DonationRow, RequestRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { findDonation } from '../donations/donations.queries.js';
import { appendEvent } from '../events/events.queries.js';
import { type NewNotification } from '../notifications/notifications.queries.js';
import { findRequest } from './requests.queries.js';

export const displayName = (user: Pick<UserRow, 'name' | 'organizationName'>) =>
  user.organizationName ?? user.name;

/** Locks the donation, then the request (always in this order, so two flows cannot deadlock). */
export async function lockRequestWithDonation(
  tx: Tx,
  requestId: string,
): Promise<{ request: RequestRow; donation: DonationRow }> {
  const peek = await findRequest(tx, requestId);
  if (!peek) throw new AppError('NOT_FOUND');
  const donation = await findDonation(tx, peek.donationId, { forUpdate: true });
  if (!donation) throw new AppError('DONATION_GONE');
  const request = (await findRequest(tx, requestId, { forUpdate: true }))!;
  return { request, donation };
}

export async function logRequestMove(
  tx: Tx,
  request: RequestRow,
  to: RequestRow['status'],
  actorId: string | null,
  action: EventAction,
  data: Record<string, unknown> = {},
) {
  await appendEvent(tx, {
    entityType: 'request',
    entityId: request.id,
    action,
    actorId,
    fromStatus: request.status,
    toStatus: to,
    data: { donationId: request.donationId, ...data },
  });
}

export async function logDonationMove(
  tx: Tx,
  donation: DonationRow,
  to: DonationRow['status'],
  actorId: string | null,
  action: EventAction,
) {
  if (donation.status === to) return;
  await appendEvent(tx, {
    entityType: 'donation',
    entityId: donation.id,
    action,
    actorId,
    fromStatus: donation.status,
    toStatus: to,
  });
}

export function rejectionNotices(rejected: RequestRow[], donation: DonationRow): NewNotification[] {
  return rejected.map((r) => ({
    userId: r.requesterId,
    type: 'request_rejected',
    data: {
      donationId: donation.id,
      requestId: r.id,
      actorName: donation.donorName,
      foodType: donation.foodType,
    },
  }));
}
