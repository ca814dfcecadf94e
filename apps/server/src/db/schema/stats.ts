import { date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { destinationTypeEnum, qualityEnum, userRoleEnum } from './enums.js';

// Platform-wide impact figures kept up to date by triggers on donations and users (migration
// 0007), in the same transaction as the change, so they always equal what the raw rows add up
// to. Days are UTC days. Sums are numeric, so adding and later subtracting a donation's figures
// leaves no floating-point residue.

/**
 * Per day: donations posted that day and not deleted, and of those how many are completed and
 * what they saved (the trends chart); and donations completed that day (platform totals), with
 * how many of those were measured.
 */
export const statsDaily = pgTable('stats_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  donations: integer('donations').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  meals: numeric('meals').notNull().default('0'),
  kg: numeric('kg').notNull().default('0'),
  co2: numeric('co2').notNull().default('0'),
  completedDonations: integer('completed_donations').notNull().default(0),
  completedMeals: numeric('completed_meals').notNull().default('0'),
  completedKg: numeric('completed_kg').notNull().default('0'),
  completedCo2: numeric('completed_co2').notNull().default('0'),
  /** Of the donations completed that day, those whose figures rest on a measured quantity
   * (weighed or counted at pickup or on arrival, migration 0024), not the donor's estimate. */
  completedMeasured: integer('completed_measured').notNull().default(0),
});

/** Per day and cuisine as typed: donations posted that day and not deleted ("Other" left out). */
export const statsDailyCuisines = pgTable(
  'stats_daily_cuisines',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cuisine: text('cuisine').notNull(),
    donations: integer('donations').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_daily_cuisines_pkey', columns: [t.day, t.cuisine] })],
);

/** Accounts per role that are not suspended. */
export const statsRoleCounts = pgTable('stats_role_counts', {
  role: userRoleEnum('role').primaryKey(),
  users: integer('users').notNull().default(0),
});

/**
 * Per day and public grid cell (migration impact_public_rollups): donations completed that day
 * whose pickup point lies in the cell. A cell is floor(lat * 20), floor(lng * 20): 0.05 degrees
 * (IMPACT_GRID_CELLS_PER_DEGREE in the domain package).
 */
export const statsDailyCells = pgTable(
  'stats_daily_cells',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cellLat: integer('cell_lat').notNull(),
    cellLng: integer('cell_lng').notNull(),
    rescues: integer('rescues').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_daily_cells_pkey', columns: [t.day, t.cellLat, t.cellLng] })],
);

/**
 * Per day, quality and destination type: requests collected (or, for a self delivery, received)
 * that day with that outcome. The day is the collection's, or the receipt's when nobody collected.
 */
export const statsDailyQuality = pgTable(
  'stats_daily_quality',
  {
    day: date('day', { mode: 'string' }).notNull(),
    quality: qualityEnum('quality').notNull(),
    destinationType: destinationTypeEnum('destination_type').notNull(),
    collections: integer('collections').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_daily_quality_pkey',
      columns: [t.day, t.quality, t.destinationType],
    }),
  ],
);
