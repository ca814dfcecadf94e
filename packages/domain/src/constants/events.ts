/**
 * Every action the event log records. The server can log only these, and the admin's change log
 * shows a translated label for each (a catalogue test checks every language has them all).
 */
export const EVENT_ACTIONS = [
  'user.registered',
  'user.password_reset_requested',
  'user.password_reset',
  'user.deleted',
  'admin.created',
  'admin.user_updated',
  'donation.created',
  'donation.accepted',
  'donation.grabbed',
  'donation.released',
  'donation.volunteer_assigned',
  'donation.volunteer_released',
  'donation.collected_good',
  'donation.collected_bad',
  'donation.self_delivered_good',
  'donation.self_delivered_bad',
  'donation.expired',
  'donation.deleted',
  'request.created',
  'request.self_delivery_scheduled',
  'request.volunteer_accepted',
  'request.routed_by_volunteer',
  'request.accepted',
  'request.rejected',
  'request.withdrawn',
  'request.released',
  'request.cancelled',
  'request.collected',
  'request.delivery_accepted',
  'request.delivered',
  'request.receipt_confirmed',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
