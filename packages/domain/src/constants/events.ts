/**
 * Every action the event log records. The server can log only these, and the admin's change log
 * shows a translated label for each (a catalogue test checks every language has them all).
 */
export const EVENT_ACTIONS = [
  'user.registered',
  'user.password_reset_requested',
  'user.password_reset',
  'user.deleted',
  // A volunteer passed the food hygiene course (decision 0067).
  'user.hygiene_passed',
  'admin.created',
  'admin.user_updated',
  'admin.private_details_read',
  // An admin read a pickup's conversation (decision 0065).
  'admin.thread_read',
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
  'donation.expiry_extended',
  'donation.coverage_alerted',
  'donation.coverage_donor_told',
  // No-shows (decision 0061): the volunteer holding it was reminded; the hold lapsed.
  'donation.pickup_reminded',
  'donation.no_show',
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
  // The receiver recorded how the food arrived after the volunteer marked it delivered (0063).
  'request.arrival_recorded',
  'series.created',
  'series.updated',
  'series.paused',
  'series.resumed',
  'series.occurrence_skipped',
  'series.unclaimed_streak',
  'series.kept',
  'series.ended',
] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
