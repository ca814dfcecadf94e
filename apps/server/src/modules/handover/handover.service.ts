// The handover record of a donation and a receiver's register of food received (decision 0063).
import { periodBounds, type HandoverRecord, type RegisterQuery } from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { findDonation } from '../donations/donations.queries.js';
import { listFssaiNumbers } from '../users/users.queries.js';
import { findHandoverRows, listReceivedBetween, type HandoverRow } from './handover.queries.js';
import { presentHandover } from './handover.presenter.js';
import { authorize, can, type HandoverParties } from './handover.policy.js';

const partiesOf = (row: HandoverRow): HandoverParties => ({
  donorId: row.request.donorId,
  volunteerId: row.request.volunteerId,
  destinationUserId: row.request.destinationUserId,
});

/** The records of rows, each with the donor's and receiver's FSSAI numbers as they are now. */
async function recordsOf(database: Database, rows: HandoverRow[]): Promise<HandoverRecord[]> {
  const ids = rows.flatMap((r) => [r.request.donorId, r.request.destinationUserId ?? []].flat());
  const fssai = await listFssaiNumbers(database.db, ids);
  return rows.map((row) => presentHandover(row, fssai));
}

/**
 * The handover record of one donation, for its donor, the volunteer who carried it, the
 * receiver it reached and admins. An unknown (or deleted) donation is 404; anyone else 403; a
 * party asking before the food left the donor (nothing collected, or a self delivery not yet
 * received) 409 HANDOVER_NOT_YET.
 */
export async function readHandover(
  database: Database,
  user: UserRow,
  donationId: string,
): Promise<HandoverRecord> {
  const rows = await findHandoverRows(database.db, donationId);
  const handed = rows.find((r) => r.request.status !== 'accepted');
  if (handed) {
    authorize(user, 'read', partiesOf(handed));
    const [record] = await recordsOf(database, [handed]);
    return record!;
  }
  const donation = await findDonation(database.db, donationId);
  if (!donation) throw new AppError('NOT_FOUND');
  // Nothing handed over yet: the donor and the people already matched on it learn why.
  const parties = [
    { donorId: donation.donorId, volunteerId: null, destinationUserId: null },
    ...rows.map(partiesOf),
  ];
  if (!parties.some((p) => can(user, 'read', p))) throw new AppError('FORBIDDEN');
  throw new AppError('HANDOVER_NOT_YET');
}

/**
 * The receiver's register of food received in a period of India days, oldest first: one record
 * per donation that reached them (its request fulfilled) in the period, and only theirs.
 */
export async function listRegister(
  database: Database,
  receiver: UserRow,
  period: RegisterQuery,
): Promise<HandoverRecord[]> {
  authorize(receiver, 'register');
  const { start, end } = periodBounds(period);
  const rows = await listReceivedBetween(database.db, receiver.id, start, end);
  return recordsOf(database, rows);
}
