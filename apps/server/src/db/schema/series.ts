import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SeriesFrequency, SeriesStatus, SeriesTemplate, Weekday } from '@annasetu/domain';
import { donations } from './donations.js';
import { users } from './users.js';

/** The template as stored: one saved before allergens were asked has none listed. */
export type StoredSeriesTemplate = Omit<SeriesTemplate, 'allergens'> & {
  allergens?: SeriesTemplate['allergens'];
};

/**
 * A recurring donation: the food to post (template) and when (an iCalendar RRULE at a time of
 * day in the donor's time zone). `nextOccurrenceAt` is the next instant the series job posts;
 * null once the rule has no more occurrences.
 */
export const donationSeries = pgTable(
  'donation_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: uuid('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SeriesStatus>().notNull().default('active'),
    template: jsonb('template').$type<StoredSeriesTemplate>().notNull(),
    frequency: text('frequency').$type<SeriesFrequency>().notNull(),
    weekdays: jsonb('weekdays').$type<Weekday[]>().notNull().default([]),
    /** RRULE parts (no DTSTART, no time of day), e.g. `FREQ=WEEKLY;BYDAY=MO,TU`. */
    rrule: text('rrule').notNull(),
    /** HH:MM on the donor's wall clock. */
    timeOfDay: text('time_of_day').notNull(),
    timeZone: text('time_zone').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    nextOccurrenceAt: timestamp('next_occurrence_at', { withTimezone: true }),
    /** Set when the last occurrences expired unclaimed: the donor is asked whether to keep it. */
    needsConfirmation: boolean('needs_confirmation').notNull().default(false),
    /** When the donor last said "keep it": unclaimed occurrences before this no longer count. */
    keptAt: timestamp('kept_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donation_series_donor_idx').on(t.donorId, t.createdAt.desc()),
    // The series job: active series by their next due time.
    index('donation_series_due_idx')
      .on(t.nextOccurrenceAt)
      .where(sql`${t.status} = 'active'`),
    check('donation_series_status_valid', sql`${t.status} in ('active', 'paused', 'ended')`),
  ],
);

/**
 * One occurrence of a series that was posted or skipped by the donor (an occurrence whose food
 * would already have expired when the job reached it, after downtime, leaves no row). The unique (series, instant) pair is what makes each occurrence post
 * exactly once across instances and restarts: the poster inserts this row first and posts only
 * if the insert went in.
 */
export const seriesOccurrences = pgTable(
  'series_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => donationSeries.id, { onDelete: 'cascade' }),
    occurrenceAt: timestamp('occurrence_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<'posted' | 'skipped'>().notNull(),
    donationId: uuid('donation_id').references(() => donations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('series_occurrences_series_at_key').on(t.seriesId, t.occurrenceAt),
    check('series_occurrences_outcome_valid', sql`${t.outcome} in ('posted', 'skipped')`),
  ],
);

export type SeriesRow = typeof donationSeries.$inferSelect;
export type NewSeriesRow = typeof donationSeries.$inferInsert;
export type OccurrenceRow = typeof seriesOccurrences.$inferSelect;
