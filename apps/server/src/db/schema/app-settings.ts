import { jsonb, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide settings generated once and shared by every instance (e.g. VAPID keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ids of live events: one order across instances, so a reconnecting stream can resume. */
export const liveEventSeq = pgSequence('live_event_seq', { startWith: 1, increment: 1 });
