import { sql } from 'drizzle-orm';
import type { Allergen } from '@annasetu/domain';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  deliveryMethodEnum,
  donationStatusEnum,
  holdingKindEnum,
  impactBasisEnum,
  unitEnum,
  vegTypeEnum,
} from './enums.js';
import { users } from './users.js';

/**
 * Surplus food offered by a donor. Donor fields are a snapshot taken when the donation is
 * posted (seed section 3), so a later profile edit does not rewrite history. A deleted donation
 * keeps its row (`deletedAt`) because requests, collections and impact figures refer to it.
 */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => users.id),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorPhone: text('donor_phone').notNull(),
    donorAddress: text('donor_address').notNull(),
    donorLat: doublePrecision('donor_lat'),
    donorLng: doublePrecision('donor_lng'),
    status: donationStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    expiryTime: timestamp('expiry_time', { withTimezone: true }).notNull(),
    isExpired: boolean('is_expired').notNull().default(false),
    totalRequests: integer('total_requests').notNull().default(0),
    acceptedRequests: integer('accepted_requests').notNull().default(0),
    foodType: text('food_type').notNull(),
    cuisine: text('cuisine').notNull(),
    vegType: vegTypeEnum('veg_type').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: unitEnum('unit').notNull().default('meals'),
    notes: text('notes'),
    prepDate: date('prep_date', { mode: 'string' }).notNull(),
    prepTime: time('prep_time').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    pickupLat: doublePrecision('pickup_lat').notNull(),
    pickupLng: doublePrecision('pickup_lng').notNull(),
    /**
     * The pickup point rounded to 0.01 degree (about 1 km) exactly as `approximatePoint` rounds
     * it for display: the nearby feeds filter and order on it (decision 0037), so searching
     * around chosen centres reveals no more than the rounded point shown.
     */
    pickupLatApprox: doublePrecision('pickup_lat_approx').generatedAlwaysAs(
      sql`floor("pickup_lat" * 100 + 0.5) / 100`,
    ),
    pickupLngApprox: doublePrecision('pickup_lng_approx').generatedAlwaysAs(
      sql`floor("pickup_lng" * 100 + 0.5) / 100`,
    ),
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull(),
    expiryHours: integer('expiry_hours').notNull(),
    volunteerId: uuid('volunteer_id').references(() => users.id),
    volunteerName: text('volunteer_name'),
    co2Saved: doublePrecision('co2_saved').notNull().default(0),
    mealsDonated: doublePrecision('meals_donated').notNull().default(0),
    kgDonated: doublePrecision('kg_donated').notNull().default(0),
    /**
     * What the impact figures above rest on (decision 0064): the posted estimate, the quantity
     * found at pickup, or the one the receiver confirmed (`measured_quantity`, null while only
     * estimated).
     */
    impactBasis: impactBasisEnum('impact_basis').notNull().default('estimate'),
    measuredQuantity: doublePrecision('measured_quantity'),
    /** Posted by a recurring donation (donation_series; no foreign key to keep the tables apart). */
    seriesId: uuid('series_id'),
    /**
     * Coverage escalation of a volunteer-delivery donation: when its next step is due (null when
     * none is left), how many alert rounds it had, and when the donor was told it is unclaimed.
     */
    escalateAt: timestamp('escalate_at', { withTimezone: true }),
    escalationRounds: integer('escalation_rounds').notNull().default(0),
    /** A volunteer released it: alert again at once, not at the next point. */
    realert: boolean('realert').notNull().default(false),
    donorToldAt: timestamp('donor_told_at', { withTimezone: true }),
    /**
     * The current grab's clock (decision 0061): when it was grabbed, the deadline to collect by,
     * when its volunteer was reminded, and when the no-show job next looks at it (the reminder,
     * then the deadline; null when nothing is left to do).
     */
    grabbedAt: timestamp('grabbed_at', { withTimezone: true }),
    collectBy: timestamp('collect_by', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    noShowCheckAt: timestamp('no_show_check_at', { withTimezone: true }),
    /** How the food is kept (FSSAI); null on donations posted before it was asked. */
    holding: holdingKindEnum('holding'),
    /** Packaged food's own use-by instant. */
    useBy: timestamp('use_by', { withTimezone: true }),
    /** Declared allergens (the domain's ALLERGENS). */
    allergens: text('allergens')
      .array()
      .$type<Allergen[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Until when the food is fit for people by the holding rule alone (SAFE_BY_RULES), fixed
     * when posted; "safe for people until" is the earlier of this and expiry_time.
     */
    foodSafeUntil: timestamp('food_safe_until', { withTimezone: true }),
  },
  (t) => [
    // "donations by donorId, newest first" (seed section 7).
    index('donations_donor_created_idx').on(t.donorId, t.createdAt.desc()),
    // "pending donations" and platform statistics by status.
    index('donations_status_created_idx').on(t.status, t.createdAt.desc()),
    // Nearby feeds: GiST indexes on the rounded pickup point as a unit vector and covering
    // newest-first indexes for each feed (migrations 0007 and 0009, redefined on the rounded
    // point by the rounded_pickup_point migration), written as SQL there
    // because Drizzle's index builder cannot express them (expression opclass, INCLUDE).
    // Expiry job: pending donations by expiry time.
    index('donations_pending_expiry_idx')
      .on(t.expiryTime)
      .where(sql`${t.status} = 'pending'`),
    index('donations_volunteer_idx').on(t.volunteerId),
    // Escalation job: donations whose next coverage step is due.
    index('donations_escalate_at_idx')
      .on(t.escalateAt)
      .where(sql`${t.escalateAt} is not null`),
    // No-show job: grabs whose reminder or deadline is due.
    index('donations_no_show_check_idx')
      .on(t.noShowCheckAt)
      .where(sql`${t.noShowCheckAt} is not null`),
    // Impact statistics: the part-day at the start of a range, read from raw rows (stats_daily
    // holds the whole days).
    index('donations_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('donations_created_live_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
    check('donations_use_by_packaged', sql`(${t.useBy} IS NULL) OR (${t.holding} = 'packaged')`),
    check('donations_quantity_positive', sql`${t.quantity} > 0`),
    check('donations_expiry_hours_positive', sql`${t.expiryHours} >= 1`),
    check('donations_pickup_lat_range', sql`${t.pickupLat} between -90 and 90`),
    check('donations_pickup_lng_range', sql`${t.pickupLng} between -180 and 180`),
  ],
);

export type DonationRow = typeof donations.$inferSelect;
export type NewDonationRow = typeof donations.$inferInsert;
