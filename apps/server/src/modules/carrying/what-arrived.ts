// What arrived (decision 0064): the receiver's amount moves the impact of food a volunteer
// carried, and a receipt a fifth short of its pickup is flagged to admins.
import { impactOfCollection, isReceiptShortfall } from '@annasetu/domain';
import type { Tx } from '../../db/client.js';
import type { DonationRow, RequestRow } from '../../db/schema/index.js';
import { setCollectionCo2 } from './collections.queries.js';
import { updateDonation } from '../donations/donations.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { listUsersByRole } from '../users/users.queries.js';

/**
 * The impact of food a volunteer carried follows what its receiver confirmed (decision 0064):
 * the donation's figures (the platform's totals follow them by trigger) and the collection's.
 * Returns the request's new CO2 figure. Tokens are not touched: they were earned by the move.
 */
export async function countWhatArrived(
  tx: Tx,
  { request, donation }: { request: RequestRow; donation: DonationRow },
  received: number,
): Promise<Partial<RequestRow>> {
  const impact = impactOfCollection(received, donation.unit, request.quality ?? 'bad');
  await updateDonation(tx, donation.id, {
    ...impact,
    impactBasis: 'received',
    measuredQuantity: received,
  });
  await setCollectionCo2(tx, request.id, impact.co2Saved);
  return { co2Saved: impact.co2Saved };
}

/** A receipt more than a fifth below the pickup: every admin is told (decision 0064). */
export async function flagShortfall(
  tx: Tx,
  { request, donation }: { request: RequestRow; donation: DonationRow },
  received: number,
): Promise<void> {
  if (!isReceiptShortfall(request.pickedQuantity, received)) return;
  const admins = await listUsersByRole(tx, 'admin', 50);
  await insertNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.id,
      type: 'receipt_shortfall' as const,
      // The figures themselves are on the handover record the notification opens.
      data: { donationId: donation.id, requestId: request.id, foodType: donation.foodType },
    })),
  );
}
