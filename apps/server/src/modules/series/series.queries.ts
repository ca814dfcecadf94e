import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  donations,
  donationSeries,
  seriesOccurrences,
  type NewSeriesRow,
  type SeriesRow,
} from '../../db/schema/index.js';

/** Stores a new series. */
export async function insertSeries(db: DbOrTx, values: NewSeriesRow): Promise<SeriesRow> {
  const [row] = await db.insert(donationSeries).values(values).returning();
  return row!;
}

/** One series by id, optionally locked (the series policy decides who may act on it). */
export async function findSeries(
  db: DbOrTx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SeriesRow | undefined> {
  const query = db.select().from(donationSeries).where(eq(donationSeries.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The donor's series, newest first (a donor has a handful). */
export async function listDonorSeries(db: DbOrTx, donorId: string): Promise<SeriesRow[]> {
  return db
    .select()
    .from(donationSeries)
    .where(eq(donationSeries.donorId, donorId))
    .orderBy(desc(donationSeries.createdAt), desc(donationSeries.id))
    .limit(100);
}

/** Changes a series' fields. */
export async function updateSeriesRow(
  db: DbOrTx,
  id: string,
  values: Partial<NewSeriesRow>,
): Promise<SeriesRow> {
  const [row] = await db
    .update(donationSeries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(donationSeries.id, id))
    .returning();
  return row!;
}

/**
 * Active series whose next occurrence is due, locked for this transaction. Rows another
 * instance is posting are skipped, not waited for: that instance advances them.
 */
export async function claimDueSeries(db: DbOrTx, now: Date, limit: number): Promise<SeriesRow[]> {
  return db
    .select()
    .from(donationSeries)
    .where(and(eq(donationSeries.status, 'active'), lte(donationSeries.nextOccurrenceAt, now)))
    .orderBy(asc(donationSeries.nextOccurrenceAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Records an occurrence; false when it already has a row (posted by another instance, or skipped
 * by the donor). The unique (series, instant) constraint decides.
 */
export async function recordOccurrence(
  db: DbOrTx,
  values: { seriesId: string; occurrenceAt: Date; outcome: 'posted' | 'skipped' },
): Promise<string | null> {
  const [row] = await db
    .insert(seriesOccurrences)
    .values(values)
    .onConflictDoNothing({
      target: [seriesOccurrences.seriesId, seriesOccurrences.occurrenceAt],
    })
    .returning({ id: seriesOccurrences.id });
  return row?.id ?? null;
}

/** Links a posted occurrence to the donation it created. */
export async function setOccurrenceDonation(
  db: DbOrTx,
  occurrenceId: string,
  donationId: string,
): Promise<void> {
  await db
    .update(seriesOccurrences)
    .set({ donationId })
    .where(eq(seriesOccurrences.id, occurrenceId));
}

/**
 * Whether the donation of each of the last `count` posted occurrences (after `since`) went
 * unclaimed: expired, or still pending past its expiry. Newest first.
 */
export async function lastPostedUnclaimed(
  db: DbOrTx,
  params: { seriesId: string; since: Date | null; count: number; now: Date },
): Promise<boolean[]> {
  const conditions = [
    eq(seriesOccurrences.seriesId, params.seriesId),
    eq(seriesOccurrences.outcome, 'posted'),
  ];
  if (params.since) conditions.push(gt(seriesOccurrences.occurrenceAt, params.since));
  const rows = await db
    .select({
      unclaimed: sql<boolean>`(${donations.status} = 'expired' or (${donations.status} = 'pending' and ${donations.expiryTime} <= ${params.now}))`,
    })
    .from(seriesOccurrences)
    .innerJoin(donations, eq(donations.id, seriesOccurrences.donationId))
    .where(and(...conditions))
    .orderBy(desc(seriesOccurrences.occurrenceAt))
    .limit(params.count);
  return rows.map((r) => Boolean(r.unclaimed));
}

/** Per series: how many occurrences were posted, the last one, and the skipped future ones. */
export async function occurrenceSummaries(
  db: DbOrTx,
  seriesIds: string[],
  now: Date,
): Promise<Map<string, { postedCount: number; lastPostedAt: Date | null; skipped: Set<number> }>> {
  const summaries = new Map<
    string,
    { postedCount: number; lastPostedAt: Date | null; skipped: Set<number> }
  >();
  for (const id of seriesIds)
    summaries.set(id, { postedCount: 0, lastPostedAt: null, skipped: new Set() });
  if (seriesIds.length === 0) return summaries;
  const posted = await db
    .select({
      seriesId: seriesOccurrences.seriesId,
      count: sql<number>`count(*)::int`,
      last: sql<Date | string | null>`max(${seriesOccurrences.occurrenceAt})`,
    })
    .from(seriesOccurrences)
    .where(
      and(inArray(seriesOccurrences.seriesId, seriesIds), eq(seriesOccurrences.outcome, 'posted')),
    )
    .groupBy(seriesOccurrences.seriesId);
  for (const row of posted) {
    const summary = summaries.get(row.seriesId)!;
    summary.postedCount = Number(row.count);
    summary.lastPostedAt = row.last ? new Date(row.last) : null;
  }
  const skipped = await db
    .select({ seriesId: seriesOccurrences.seriesId, at: seriesOccurrences.occurrenceAt })
    .from(seriesOccurrences)
    .where(
      and(
        inArray(seriesOccurrences.seriesId, seriesIds),
        eq(seriesOccurrences.outcome, 'skipped'),
        gt(seriesOccurrences.occurrenceAt, now),
      ),
    );
  for (const row of skipped) summaries.get(row.seriesId)!.skipped.add(row.at.getTime());
  return summaries;
}
