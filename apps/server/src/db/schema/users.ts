import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationType, OptInChannel } from '@annasetu/domain';
import { capacityEnum, languageEnum, userRoleEnum } from './enums.js';

/** Accounts and their profiles. Email is stored lower-cased, so a plain unique index suffices. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRoleEnum('role').notNull(),
    name: text('name').notNull(),
    /** E.164 for numbers entered since it was checked (older rows keep what was typed). */
    phone: text('phone').notNull(),
    /** When `phone` was proved by a one-time code; cleared when the number changes. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    address: text('address').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    organizationName: text('organization_name'),
    cuisine: text('cuisine'),
    capacity: capacityEnum('capacity').notNull().default('medium'),
    description: text('description'),
    language: languageEnum('language').notNull().default('en'),
    /** The user asked for every notification by email too (off unless they turn it on). */
    emailNotifications: boolean('email_notifications').notNull().default(false),
    /** Random address of the public impact card; null while the card is off (the default). */
    publicSlug: text('public_slug'),
    /** Per notification type, the channels (inApp, push, email) the user turned off. */
    notificationsOff: jsonb('notifications_off')
      .$type<Partial<Record<NotificationType, NotificationChannel[]>>>()
      .notNull()
      .default({}),
    /** Per notification type, the paid channels (SMS, WhatsApp) the user turned on (decisions 0068, 0069). */
    notificationsOn: jsonb('notifications_on')
      .$type<Partial<Record<NotificationType, OptInChannel[]>>>()
      .notNull()
      .default({}),
    /** Quiet hours (HH:MM, wall clock in `timeZone`): push and email wait until they end. */
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** FSSAI licence or registration number, 14 digits (food businesses and food banks). */
    fssaiNumber: text('fssai_number'),
    /** When and by which admin the FSSAI number was checked; cleared when the number changes. */
    fssaiVerifiedAt: timestamp('fssai_verified_at', { withTimezone: true }),
    fssaiVerifiedBy: uuid('fssai_verified_by'),
    /** When the volunteer last passed the food hygiene course (a pass lasts a year; decision 0067). */
    hygienePassedAt: timestamp('hygiene_passed_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set when the user deleted their account: personal fields are anonymised, totals kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The average of the stars received (feedback), recomputed from that table on each rating. */
    rating: doublePrecision('rating').notNull().default(0),
    /** How many ratings `rating` averages. */
    ratingCount: integer('rating_count').notNull().default(0),
    /** Grabs this volunteer let lapse uncollected (decision 0061); private to them and admins. */
    noShows: integer('no_shows').notNull().default(0),
    totalDonations: integer('total_donations').notNull().default(0),
    totalRequests: integer('total_requests').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_public_slug_key').on(t.publicSlug),
    // A verified number signs in to one account only.
    uniqueIndex('users_verified_phone_key')
      .on(t.phone)
      .where(sql`${t.phoneVerifiedAt} IS NOT NULL`),
    // "users by role" (seed section 7), newest first.
    index('users_role_created_idx').on(t.role, t.createdAt.desc()),
    check('users_coordinates_pair', sql`(${t.lat} IS NULL) = (${t.lng} IS NULL)`),
    check('users_fssai_number_digits', sql`${t.fssaiNumber} ~ '^[0-9]{14}$'`),
    check('users_quiet_hours_pair', sql`(${t.quietFrom} IS NULL) = (${t.quietTo} IS NULL)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
