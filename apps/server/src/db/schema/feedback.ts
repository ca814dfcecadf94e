import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FeedbackTag } from '@annasetu/domain';
import { feedbackKindEnum } from './enums.js';
import { requests } from './requests.js';
import { users } from './users.js';

/**
 * Ratings given after a fulfilled request (decision 0058): the donor rates the volunteer's
 * pickup, the destination rates the donor's food. A user's `rating` is the average of the stars
 * in this table for them, recomputed in the transaction that adds one.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id),
    ratedUserId: uuid('rated_user_id')
      .notNull()
      .references(() => users.id),
    kind: feedbackKindEnum('kind').notNull(),
    stars: smallint('stars').notNull(),
    note: text('note'),
    /** Quick tag codes of the kind (`FEEDBACK_TAGS_BY_KIND`). */
    tags: text('tags')
      .array()
      .$type<FeedbackTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One rating per request, rater and kind: a replay or a double tap records once.
    uniqueIndex('feedback_request_rater_kind_key').on(t.requestId, t.raterId, t.kind),
    // The average of a person's stars.
    index('feedback_rated_user_idx').on(t.ratedUserId),
    check('feedback_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedbackRow = typeof feedback.$inferInsert;
