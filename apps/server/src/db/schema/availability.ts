import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Weekday } from '@annasetu/domain';
import { users } from './users.js';

/** When and where a volunteer collects, and their daily pickup cap (one row per volunteer). */
export const volunteerAvailability = pgTable(
  'volunteer_availability',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekdays: jsonb('weekdays').$type<Weekday[]>().notNull().default([]),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    timeZone: text('time_zone').notNull(),
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    radiusKm: doublePrecision('radius_km').notNull(),
    maxPickupsPerDay: integer('max_pickups_per_day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('volunteer_availability_radius_positive', sql`${t.radiusKm} > 0`),
    check(
      'volunteer_availability_cap_positive',
      sql`${t.maxPickupsPerDay} is null or ${t.maxPickupsPerDay} >= 1`,
    ),
  ],
);

export type AvailabilityRow = typeof volunteerAvailability.$inferSelect;
