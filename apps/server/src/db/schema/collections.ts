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
  collectionStatusEnum,
  destinationTypeEnum,
  holdingKindEnum,
  qualityEnum,
} from './enums.js';
import { donations } from './donations.js';
import { requests } from './requests.js';
import { users } from './users.js';

/** What a volunteer found at pickup and where the food went (seed: collection record). */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id),
    volunteerName: text('volunteer_name').notNull(),
    volunteerEmail: text('volunteer_email').notNull(),
    photoUrl: text('photo_url'),
    quality: qualityEnum('quality').notNull(),
    destinationType: destinationTypeEnum('destination_type').notNull(),
    destinationUserId: uuid('destination_user_id')
      .notNull()
      .references(() => users.id),
    status: collectionStatusEnum('status').notNull().default('collected'),
    co2Saved: doublePrecision('co2_saved').notNull().default(0),
    notes: text('notes'),
    /**
     * The volunteer's check at pickup (decision 0063): how the food was held when taken, and
     * whether its container was closed. Null on collections recorded without the check.
     */
    holdingAtPickup: holdingKindEnum('holding_at_pickup'),
    containerClosed: boolean('container_closed'),
    /** What the volunteer found at pickup, in the donation's unit (decision 0064). */
    pickedQuantity: doublePrecision('picked_quantity'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "collections by volunteerId" (seed section 7).
    index('collections_volunteer_created_idx').on(t.volunteerId, t.createdAt.desc()),
    // One collection per request: a double-submitted collect cannot record twice.
    uniqueIndex('collections_request_key').on(t.requestId),
    index('collections_donation_idx').on(t.donationId),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
