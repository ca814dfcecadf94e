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
 * One user's figures since `since`, aggregated in the database (indexed by donor, volunteer and
 * destination). Donor figures come from their donations; volunteer and receiver figures from the
 * requests they carried or received.
 */
export async function userStats(db: DbOrTx, userId: string, since: Date): Promise<UserStats> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select
        (select count(*) from donations d
           where d.donor_id = ${userId} and d.deleted_at is null and d.created_at >= ${since}) as donations_made,
        (select coalesce(sum(d.co2_saved), 0) from donations d
           where d.donor_id = ${userId} and d.completed_at >= ${since}) as co2_saved,
        (select coalesce(sum(d.meals_donated), 0) from donations d
           where d.donor_id = ${userId} and d.completed_at >= ${since}) as meals_donated,
        (select coalesce(sum(d.kg_donated), 0) from donations d
           where d.donor_id = ${userId} and d.completed_at >= ${since}) as kg_donated,
        (select tokens from users where id = ${userId}) as tokens,
        (select count(*) from requests r
           where r.volunteer_id = ${userId} and r.status = 'fulfilled' and r.fulfilled_at >= ${since}) as deliveries_completed,
        (select coalesce(sum(r.co2_saved), 0) from requests r
           where r.volunteer_id = ${userId} and r.status in ('collected', 'fulfilled') and r.collected_at >= ${since}) as volunteer_co2,
        (select count(*) from requests r
           where r.destination_user_id = ${userId} and r.status = 'fulfilled' and r.fulfilled_at >= ${since}) as deliveries_received,
        (select coalesce(sum(r.co2_saved), 0) from requests r
           where r.destination_user_id = ${userId} and r.status = 'fulfilled' and r.fulfilled_at >= ${since}) as receiver_co2
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
  };
}

/** Whole-platform figures since `since`; user counts are all active accounts. */
export async function platformStats(db: DbOrTx, since: Date): Promise<PlatformStats> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with done as (
        select count(*) as n, coalesce(sum(co2_saved), 0) as co2, coalesce(sum(meals_donated), 0) as meals,
               coalesce(sum(kg_donated), 0) as kg
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
  return {
    totalCompletedDonations: num(row!.n),
    totalCO2Saved: kg(row!.co2),
    totalMealsDonated: num(row!.meals),
    totalKgDonated: kg(row!.kg),
    totalUsers: num(row!.users),
    totalDonors: num(row!.donors),
    totalReceivers: num(row!.receivers),
    totalVolunteers: num(row!.volunteers),
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
 * Donations per day (up to 30 days), week (90 days) or month (all time), for one donor or the
 * whole platform.
 * Empty buckets are included so the chart's time axis is even.
 */
export async function donationTrends(
  db: DbOrTx,
  params: { since: Date; granularity: 'day' | 'week' | 'month'; donorId: string | null },
): Promise<TrendBucket[]> {
  const unit = sql.raw(`'${params.granularity}'`);
  const donor = params.donorId ? sql`and d.donor_id = ${params.donorId}` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz), date_trunc(${unit}, now()), ('1 ' || ${unit})::interval) as start
      )
      select b.start,
             count(d.id) as donations,
             count(d.id) filter (where d.status = 'completed') as completed,
             coalesce(sum(d.meals_donated), 0) as meals,
             coalesce(sum(d.kg_donated), 0) as kg,
             coalesce(sum(d.co2_saved), 0) as co2
      from buckets b
      left join donations d on date_trunc(${unit}, d.created_at) = b.start
        and d.deleted_at is null and d.created_at >= ${params.since} ${donor}
      group by b.start
      order by b.start
    `),
  );
  return rows.map((r) => ({
    start: new Date(r.start as string).toISOString(),
    donations: num(r.donations),
    completed: num(r.completed),
    meals: num(r.meals),
    kg: kg(r.kg),
    co2: kg(r.co2),
  }));
}

/** The most donated cuisines since `since`, "Other" excluded (seed: top 5). */
export async function topCuisines(
  db: DbOrTx,
  params: { since: Date; limit: number; donorId: string | null },
): Promise<Array<{ cuisine: string; donations: number }>> {
  const donor = params.donorId ? sql`and donor_id = ${params.donorId}` : sql``;
  const rows = rowsOf<{ cuisine: string; donations: unknown }>(
    await db.execute(sql`
      select min(cuisine) as cuisine, count(*) as donations
      from donations
      where deleted_at is null and created_at >= ${params.since} and lower(trim(cuisine)) <> 'other' ${donor}
      group by lower(trim(cuisine))
      order by count(*) desc, min(cuisine)
      limit ${params.limit}
    `),
  );
  return rows.map((r) => ({ cuisine: r.cuisine, donations: num(r.donations) }));
}
