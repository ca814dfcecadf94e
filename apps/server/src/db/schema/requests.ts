import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  arrivalConditionEnum,
  destinationTypeEnum,
  qualityEnum,
  requestStatusEnum,
  unitEnum,
} from './enums.js';
import { donations } from './donations.js';
import { users } from './users.js';

/**
 * One movement of one donation towards one destination (product section 5): a receiver's ask,
 * a volunteer's carry, or a donor's self delivery. Requester, donor, volunteer and destination
 * fields are snapshots (seed section 3).
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterPhone: text('requester_phone').notNull(),
    requesterAddress: text('requester_address').notNull(),
    requesterLat: doublePrecision('requester_lat'),
    requesterLng: doublePrecision('requester_lng'),
    status: requestStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    foodType: text('food_type').notNull(),
    notes: text('notes'),
    quantity: doublePrecision('quantity').notNull(),
    unit: unitEnum('unit').notNull(),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => users.id),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorAddress: text('donor_address').notNull(),
    isVolunteerRequest: boolean('is_volunteer_request').notNull().default(false),
    isRoutedByVolunteer: boolean('is_routed_by_volunteer').notNull().default(false),
    isSelfDelivery: boolean('is_self_delivery').notNull().default(false),
    volunteerId: uuid('volunteer_id').references(() => users.id),
    volunteerName: text('volunteer_name'),
    volunteerEmail: text('volunteer_email'),
    destinationUserId: uuid('destination_user_id').references(() => users.id),
    destinationName: text('destination_name'),
    destinationEmail: text('destination_email'),
    destinationAddress: text('destination_address'),
    destinationPhone: text('destination_phone'),
    destinationType: destinationTypeEnum('destination_type'),
    destinationAccepted: boolean('destination_accepted').notNull().default(false),
    destinationNotified: boolean('destination_notified').notNull().default(false),
    quality: qualityEnum('quality'),
    /** The destination's note on the food's condition as it arrived. */
    condition: text('condition'),
    /**
     * How the food looked on arrival, as the destination recorded it (decision 0063), and when
     * they recorded it (at receipt, or later on a request the volunteer marked delivered).
     */
    arrivalCondition: arrivalConditionEnum('arrival_condition'),
    arrivalCheckedAt: timestamp('arrival_checked_at', { withTimezone: true }),
    /**
     * What changed hands, in the donation's unit (decision 0064): found at pickup by the
     * volunteer, and confirmed on receipt by the destination. Null until recorded.
     */
    pickedQuantity: doublePrecision('picked_quantity'),
    receivedQuantity: doublePrecision('received_quantity'),
    co2Saved: doublePrecision('co2_saved').notNull().default(0),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    // "requests by requesterId / volunteerId / donationId" (seed section 7).
    index('requests_requester_created_idx').on(t.requesterId, t.createdAt.desc()),
    index('requests_volunteer_created_idx').on(t.volunteerId, t.createdAt.desc()),
    index('requests_donation_idx').on(t.donationId),
    // Requests on my donations (donor's requests screen).
    index('requests_donor_created_idx').on(t.donorId, t.createdAt.desc()),
    // Incoming deliveries: destination = me with status accepted, collected or fulfilled.
    index('requests_destination_status_idx').on(t.destinationUserId, t.status),
    // A receiver's register of food received in a period (decision 0063).
    index('requests_destination_fulfilled_idx')
      .on(t.destinationUserId, t.fulfilledAt)
      .where(sql`${t.status} = 'fulfilled'`),
    // Public figures: the outcomes of a range's first part-day, read from raw rows
    // (stats_daily_quality holds the whole days).
    index('requests_outcome_at_idx')
      .on(sql`coalesce(${t.collectedAt}, ${t.fulfilledAt})`)
      .where(sql`${t.quality} is not null`),
    // A receiver holds at most one open request per donation (duplicate requests are refused).
    uniqueIndex('requests_open_per_requester_key')
      .on(t.donationId, t.requesterId)
      .where(
        sql`${t.status} in ('pending', 'accepted') and ${t.isVolunteerRequest} = false and ${t.isSelfDelivery} = false`,
      ),
  ],
);

export type RequestRow = typeof requests.$inferSelect;
export type NewRequestRow = typeof requests.$inferInsert;
