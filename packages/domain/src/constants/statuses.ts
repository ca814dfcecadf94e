/** Donation life cycle (seed section 4); transitions live in rules/transitions.ts. */
export const DONATION_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'completed',
  'expired',
] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** Request life cycle: the seed's five plus cancelled, for requests on a deleted donation. */
export const REQUEST_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'fulfilled',
  'collected',
  'cancelled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Condition of collected food: good feeds people, bad feeds plants or poultry. */
export const QUALITIES = ['good', 'bad'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Where collected food goes; each value is also the role of the destination user. */
export const DESTINATION_TYPES = ['foodbank', 'nursery', 'poultry'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** Destinations allowed for each quality (seed section 4: good to a food bank only). */
export const DESTINATIONS_BY_QUALITY: Readonly<Record<Quality, readonly DestinationType[]>> = {
  good: ['foodbank'],
  bad: ['nursery', 'poultry'],
};

/** A collection record is collected when picked up and delivered once the destination has it. */
export const COLLECTION_STATUSES = ['collected', 'delivered'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** Every notification kind; the web app picks icon and wording by type. */
export const NOTIFICATION_TYPES = [
  'donation_request',
  'request_accepted',
  'request_rejected',
  'request_cancelled',
  'donation_grabbed',
  'donation_released',
  'incoming_delivery',
  'delivery_accepted',
  'delivery_completed',
  'donation_expired',
  'donation_deleted',
  'system',
  // Recurring donations: an occurrence was posted; the last ones went unclaimed (keep it?).
  'series_posted',
  'series_unclaimed',
  // Coverage escalation: a volunteer is asked to collect food nobody took; its donor is told
  // that it is still unclaimed late in its life (deliver, extend or withdraw).
  'coverage_alert',
  'coverage_unclaimed',
  // No-shows (decision 0061): the volunteer holding a grab is reminded to collect it; the grab
  // lapsed and was given back.
  'pickup_reminder',
  'pickup_released',
  // Measured quantities (decision 0064): a receipt more than a fifth below the pickup (admins).
  'receipt_shortfall',
  // A message in a pickup's conversation (decision 0065), to the other parties.
  'pickup_message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Filters of the requests screen (seed section 2); active is the default. */
export const REQUEST_FILTERS = [
  'active',
  'all',
  'pending',
  'accepted',
  'rejected',
  'fulfilled',
] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
export const DEFAULT_REQUEST_FILTER: RequestFilter = 'active';

/** Statuses each filter shows; null means no status condition. */
export const REQUEST_FILTER_STATUSES: Readonly<
  Record<RequestFilter, readonly RequestStatus[] | null>
> = {
  active: ['pending', 'accepted'],
  all: null,
  pending: ['pending'],
  accepted: ['accepted'],
  rejected: ['rejected'],
  fulfilled: ['fulfilled'],
};

/** Request statuses that make a request an incoming delivery for its destination (seed 6). */
export const INCOMING_DELIVERY_STATUSES = [
  'accepted',
  'collected',
  'fulfilled',
] as const satisfies readonly RequestStatus[];

/** Web Push opt-in states shown by the notification settings. */
export const PUSH_REGISTRATION_STATES = ['none', 'in_progress', 'registered'] as const;
export type PushRegistrationState = (typeof PUSH_REGISTRATION_STATES)[number];
