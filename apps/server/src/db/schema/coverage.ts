import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { donations } from './donations.js';
import { users } from './users.js';

/**
 * Coverage alerts sent: one row per volunteer and donation (the key makes "at most once per
 * donation" hold across instances), read back for each volunteer's daily alert budget.
 */
export const coverageAlerts = pgTable(
  'coverage_alerts',
  {
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which alert round of the donation reached this volunteer (1 is the first). */
    round: integer('round').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.donationId, t.volunteerId] }),
    // Daily budget: a volunteer's alerts of the last day.
    index('coverage_alerts_volunteer_created_idx').on(t.volunteerId, t.createdAt),
  ],
);

export type CoverageAlertRow = typeof coverageAlerts.$inferSelect;
