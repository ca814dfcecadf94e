import { sql } from 'drizzle-orm';
import {
  DONOR_ROLES,
  RECEIVER_ROLES,
  VOLUNTEER_ROLES,
  type PlatformStats,
  type UserStats,
} from '@annasetu/domain';
import { rowsOf, type DbOrTx } from '../../db/client.js';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const num = (v: unknown) => Number(v ?? 0);
const kg = (v: unknown) => Math.round(num(v) * 1000) / 1000;

/**
 * The start of a range split at the first UTC midnight after it: whole days come from the
 * rollups (stats_daily, stats_daily_cuisines), the part-day before that midnight from raw rows
 * (a short index range scan). Both bounds go to the database as values, not expressions, so the
 * planner sees how few raw rows the part-day holds (an expression there made it expect a third
 * of the table, and switch on JIT compilation that cost more than the query).
 */
function rangeBounds(since: Date): { sinceDay: string; firstWholeDay: Date } {
  return {
    sinceDay: since.toISOString().slice(0, 10),
    firstWholeDay: new Date(
      Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() + 1),
    ),
  };
}

/**
 * One user's figures since `since`, aggregated in the database: one pass over the user's
 * donations (indexed by donor), one over the requests they carried (by volunteer) and one over
 * those they received (by destination).
 */
export async function userStats(db: DbOrTx, userId: string, since: Date): Promise<UserStats> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select don.*, vol.*, rec.*, (select tokens from users where id = ${userId}) as tokens
      from (
        select count(*) filter (where deleted_at is null and created_at >= ${since}) as donations_made,
               coalesce(sum(co2_saved) filter (where completed_at >= ${since}), 0) as co2_saved,
               coalesce(sum(meals_donated) filter (where completed_at >= ${since}), 0) as meals_donated,
               coalesce(sum(kg_donated) filter (where completed_at >= ${since}), 0) as kg_donated,
               -- Delivered as good food (completed): food found unfit ends rejected with a
               -- completion time too, but adds nothing to meals and kg, so it is not counted.
               count(*) filter (where status = 'completed' and completed_at >= ${since}) as donations_counted,
               count(*) filter (where status = 'completed' and completed_at >= ${since} and impact_basis <> 'estimate') as donations_measured
        from donations where donor_id = ${userId}
      ) don, (
        select count(*) filter (where status = 'fulfilled' and fulfilled_at >= ${since}) as deliveries_completed,
               coalesce(sum(co2_saved) filter (where status in ('collected', 'fulfilled') and collected_at >= ${since}), 0) as volunteer_co2
        from requests where volunteer_id = ${userId}
      ) vol, (
        select count(*) as deliveries_received, coalesce(sum(co2_saved), 0) as receiver_co2
        from requests
        where destination_user_id = ${userId} and status = 'fulfilled' and fulfilled_at >= ${since}
      ) rec
    `),
  );
  return {
    donationsMade: num(row!.donations_made),
    co2Saved: kg(row!.co2_saved),
    mealsDonated: num(row!.meals_donated),
    kgDonated: kg(row!.kg_donated),
    tokens: num(row!.tokens),
    deliveriesCompleted: num(row!.deliveries_completed),
    deliveriesReceived: num(row!.deliveries_received),
    receiverCo2: kg(row!.receiver_co2),
    volunteerCo2: kg(row!.volunteer_co2),
    donationsCounted: num(row!.donations_counted),
    donationsMeasured: num(row!.donations_measured),
  };
}

/**
 * Whole-platform figures since `since`; user counts are all accounts that are not suspended.
 * Read from the rollups the database keeps (a few thousand rows at most, whatever the number
 * of donations) plus the raw rows of the range's first part-day. `platformStatsFromRows` is
 * the same figure added up from raw rows.
 */
export async function platformStats(db: DbOrTx, since: Date): Promise<PlatformStats> {
  const { sinceDay, firstWholeDay } = rangeBounds(since);
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with parts as (
        select s.completed_donations::numeric as n, s.completed_co2 as co2,
               s.completed_meals as meals, s.completed_kg as kg,
               s.completed_measured::numeric as measured
        from stats_daily s where s.day > ${sinceDay}::date
        union all
        select 1, d.co2_saved::numeric, d.meals_donated::numeric, d.kg_donated::numeric,
               (d.impact_basis <> 'estimate')::integer
        from donations d
        where d.status = 'completed' and d.completed_at >= ${since}
          and d.completed_at < ${firstWholeDay}
      ), done as (
        select coalesce(sum(n), 0) as n, coalesce(sum(co2), 0) as co2,
               coalesce(sum(meals), 0) as meals, coalesce(sum(kg), 0) as kg,
               coalesce(sum(measured), 0) as measured
        from parts
      ), people as (
        select coalesce(sum(users) filter (where role <> 'admin'), 0) as users,
               coalesce(sum(users) filter (where role in (${list(DONOR_ROLES)})), 0) as donors,
               coalesce(sum(users) filter (where role in (${list(RECEIVER_ROLES)})), 0) as receivers,
               coalesce(sum(users) filter (where role in (${list(VOLUNTEER_ROLES)})), 0) as volunteers
        from stats_role_counts
      )
      select * from done, people
    `),
  );
  return presentPlatformStats(row!);
}

/**
 * Whole-platform figures added up from raw rows: the definition the rollups must match (tests
 * compare the two), and what `platformStats` read before the rollups existed.
 */
export async function platformStatsFromRows(db: DbOrTx, since: Date): Promise<PlatformStats> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with done as (
        select count(*) as n, coalesce(sum(co2_saved), 0) as co2, coalesce(sum(meals_donated), 0) as meals,
               coalesce(sum(kg_donated), 0) as kg,
               count(*) filter (where impact_basis <> 'estimate') as measured
        from donations where status = 'completed' and completed_at >= ${since}
      ), people as (
        select count(*) filter (where role <> 'admin') as users,
               count(*) filter (where role in (${list(DONOR_ROLES)})) as donors,
               count(*) filter (where role in (${list(RECEIVER_ROLES)})) as receivers,
               count(*) filter (where role in (${list(VOLUNTEER_ROLES)})) as volunteers
        from users where suspended_at is null
      )
      select * from done, people
    `),
  );
  return presentPlatformStats(row!);
}

function presentPlatformStats(row: Record<string, unknown>): PlatformStats {
  return {
    totalCompletedDonations: num(row.n),
    totalMeasuredDonations: num(row.measured),
    totalCO2Saved: kg(row.co2),
    totalMealsDonated: num(row.meals),
    totalKgDonated: kg(row.kg),
    totalUsers: num(row.users),
    totalDonors: num(row.donors),
    totalReceivers: num(row.receivers),
    totalVolunteers: num(row.volunteers),
  };
}

/** One bucket of the trends chart. */
export interface TrendBucket {
  start: string;
  donations: number;
  completed: number;
  meals: number;
  kg: number;
  co2: number;
}

/**
 * Donations per UTC day (up to 30 days), week (90 days) or month (all time), for one donor (raw
 * rows, indexed by donor) or the whole platform (the stats_daily rollup plus the raw rows of
 * the range's first part-day). Empty buckets are included so the chart's time axis is even.
 */
export async function donationTrends(
  db: DbOrTx,
  params: { since: Date; granularity: 'day' | 'week' | 'month'; donorId: string | null },
): Promise<TrendBucket[]> {
  if (!params.donorId) return platformTrends(db, params);
  const unit = sql.raw(`'${params.granularity}'`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz at time zone 'UTC'), date_trunc(${unit}, now() at time zone 'UTC'), ('1 ' || ${unit})::interval) as start
      )
      select b.start at time zone 'UTC' as start,
             count(d.id) as donations,
             count(d.id) filter (where d.status = 'completed') as completed,
             coalesce(sum(d.meals_donated), 0) as meals,
             coalesce(sum(d.kg_donated), 0) as kg,
             coalesce(sum(d.co2_saved), 0) as co2
      from buckets b
      left join donations d on date_trunc(${unit}, d.created_at at time zone 'UTC') = b.start
        and d.deleted_at is null and d.created_at >= ${params.since} and d.donor_id = ${params.donorId}
      group by b.start
      order by b.start
    `),
  );
  return rows.map(presentBucket);
}

/** The platform's buckets. `platformTrendsFromRows` is the same added up from raw rows. */
async function platformTrends(
  db: DbOrTx,
  params: { since: Date; granularity: 'day' | 'week' | 'month' },
): Promise<TrendBucket[]> {
  const unit = sql.raw(`'${params.granularity}'`);
  const { sinceDay, firstWholeDay } = rangeBounds(params.since);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz at time zone 'UTC'), date_trunc(${unit}, now() at time zone 'UTC'), ('1 ' || ${unit})::interval) as start
      ), parts as (
        select date_trunc(${unit}, s.day::timestamp) as start, s.donations::numeric as donations,
               s.completed::numeric as completed, s.meals, s.kg, s.co2
        from stats_daily s where s.day > ${sinceDay}::date
        union all
        select date_trunc(${unit}, d.created_at at time zone 'UTC'), 1, (d.status = 'completed')::integer,
               d.meals_donated::numeric, d.kg_donated::numeric, d.co2_saved::numeric
        from donations d
        where d.deleted_at is null and d.created_at >= ${params.since}
          and d.created_at < ${firstWholeDay}
      )
      select b.start at time zone 'UTC' as start,
             coalesce(sum(p.donations), 0) as donations,
             coalesce(sum(p.completed), 0) as completed,
             coalesce(sum(p.meals), 0) as meals,
             coalesce(sum(p.kg), 0) as kg,
             coalesce(sum(p.co2), 0) as co2
      from buckets b
      left join parts p on p.start = b.start
      group by b.start
      order by b.start
    `),
  );
  return rows.map(presentBucket);
}

/** The platform's buckets added up from raw rows (the definition the rollup must match). */
export async function platformTrendsFromRows(
  db: DbOrTx,
  params: { since: Date; granularity: 'day' | 'week' | 'month' },
): Promise<TrendBucket[]> {
  const unit = sql.raw(`'${params.granularity}'`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz at time zone 'UTC'), date_trunc(${unit}, now() at time zone 'UTC'), ('1 ' || ${unit})::interval) as start
      )
      select b.start at time zone 'UTC' as start,
             count(d.id) as donations,
             count(d.id) filter (where d.status = 'completed') as completed,
             coalesce(sum(d.meals_donated), 0) as meals,
             coalesce(sum(d.kg_donated), 0) as kg,
             coalesce(sum(d.co2_saved), 0) as co2
      from buckets b
      left join donations d on date_trunc(${unit}, d.created_at at time zone 'UTC') = b.start
        and d.deleted_at is null and d.created_at >= ${params.since}
      group by b.start
      order by b.start
    `),
  );
  return rows.map(presentBucket);
}

const presentBucket = (r: Record<string, unknown>): TrendBucket => ({
  start: new Date(r.start as string).toISOString(),
  donations: num(r.donations),
  completed: num(r.completed),
  meals: num(r.meals),
  kg: kg(r.kg),
  co2: kg(r.co2),
});

/**
 * The most donated cuisines since `since`, "Other" excluded (seed: top 5). Spellings that differ
 * only in case or spaces count as one, shown as the first spelling in sort order. One donor's
 * from raw rows; the platform's from the stats_daily_cuisines rollup plus the first part-day.
 */
export async function topCuisines(
  db: DbOrTx,
  params: { since: Date; limit: number; donorId: string | null },
): Promise<Array<{ cuisine: string; donations: number }>> {
  const { sinceDay, firstWholeDay } = rangeBounds(params.since);
  const source = params.donorId
    ? sql`
      with counted as (
        select cuisine, 1 as n from donations
        where deleted_at is null and created_at >= ${params.since} and donor_id = ${params.donorId}
      )`
    : sql`
      with counted as (
        select s.cuisine, s.donations as n
        from stats_daily_cuisines s where s.day > ${sinceDay}::date and s.donations > 0
        union all
        select d.cuisine, 1 from donations d
        where d.deleted_at is null and d.created_at >= ${params.since}
          and d.created_at < ${firstWholeDay}
      )`;
  const rows = rowsOf<{ cuisine: string; donations: unknown }>(
    await db.execute(sql`
      ${source}
      select min(cuisine) as cuisine, sum(n) as donations
      from counted
      where lower(trim(cuisine)) <> 'other'
      group by lower(trim(cuisine))
      order by sum(n) desc, min(cuisine)
      limit ${params.limit}
    `),
  );
  return rows.map((r) => ({ cuisine: r.cuisine, donations: num(r.donations) }));
}

/** The platform's top cuisines added up from raw rows (the definition the rollup must match). */
export async function platformTopCuisinesFromRows(
  db: DbOrTx,
  params: { since: Date; limit: number },
): Promise<Array<{ cuisine: string; donations: number }>> {
  const rows = rowsOf<{ cuisine: string; donations: unknown }>(
    await db.execute(sql`
      select min(cuisine) as cuisine, count(*) as donations
      from donations
      where deleted_at is null and created_at >= ${params.since} and lower(trim(cuisine)) <> 'other'
      group by lower(trim(cuisine))
      order by count(*) desc, min(cuisine)
      limit ${params.limit}
    `),
  );
  return rows.map((r) => ({ cuisine: r.cuisine, donations: num(r.donations) }));
}
