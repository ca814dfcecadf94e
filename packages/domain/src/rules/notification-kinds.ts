import {
  DONOR_ROLES,
  REQUESTER_ROLES,
  ROLES,
  VOLUNTEER_ROLES,
  type Role,
} from '../constants/roles.js';
import { NOTIFICATION_TYPES, type NotificationType } from '../constants/statuses.js';

const DONORS: readonly Role[] = DONOR_ROLES;
const REQUESTERS: readonly Role[] = REQUESTER_ROLES;
const VOLUNTEERS: readonly Role[] = VOLUNTEER_ROLES;

/**
 * Who each kind of notification is ever sent to, by role: the senders in the server's services
 * and jobs address these parties only (donor, requester or destination, volunteer). A person's
 * filters and preferences list only the kinds that can reach them, so a volunteer is not asked
 * whether they want "new request on your donation". Admins see every kind.
 */
export const NOTIFICATION_RECIPIENTS: Record<NotificationType, readonly Role[]> = {
  donation_request: DONORS,
  request_accepted: REQUESTERS,
  request_rejected: REQUESTERS,
  request_cancelled: REQUESTERS,
  donation_grabbed: DONORS,
  donation_released: DONORS,
  incoming_delivery: REQUESTERS,
  delivery_accepted: [...DONORS, ...VOLUNTEERS],
  delivery_completed: [...DONORS, ...REQUESTERS, ...VOLUNTEERS],
  donation_expired: DONORS,
  donation_deleted: [...REQUESTERS, ...VOLUNTEERS],
  system: ROLES,
  series_posted: DONORS,
  series_unclaimed: DONORS,
  coverage_alert: VOLUNTEERS,
  coverage_unclaimed: DONORS,
  pickup_reminder: VOLUNTEERS,
  pickup_released: VOLUNTEERS,
  // Admins only: a receipt a fifth short of its pickup is theirs to look into.
  receipt_shortfall: ['admin'],
  // Donors, volunteers and receivers talk a pickup through.
  pickup_message: [...DONORS, ...REQUESTERS, ...VOLUNTEERS],
};

/** The kinds of notification a person in `role` can receive, in the usual order. */
export function notificationTypesFor(role: Role): NotificationType[] {
  if (role === 'admin') return [...NOTIFICATION_TYPES];
  return NOTIFICATION_TYPES.filter((type) => NOTIFICATION_RECIPIENTS[type].includes(role));
}
