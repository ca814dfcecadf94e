import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's secret calendar feed address. The token is the whole credential of a read-only
 * feed, kept so the profile can show the link and QR code again; revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feeds_token_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
