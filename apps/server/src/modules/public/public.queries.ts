import { sql } from 'drizzle-orm';
import { IMPACT_GRID_CELLS_PER_DEGREE, IMPACT_MIN_CELL_RESCUES, type Role } from '@annasetu/domain';
import { rowsOf, type DbOrTx } from '../../db/client.js';

// The public figures read from the rollups the database keeps (decisions 0016 and 0033): whole
// UTC days from the stats_daily* tables, the part-day before a range's first midnight from raw
// rows through partial indexes. Each has a `...FromRows` sibling adding up raw rows only: the
// definition the rollups must match (tests compare the two).

const num = (v: unknown) => Number(v ?? 0);
const kg = (v: unknown) => Math.round(num(v) * 1000) / 1000;
const GRID = sql.raw(String(IMPACT_GRID_CELLS_PER_DEGREE));

function rangeBounds(since: Date): { sinceDay: string; firstWholeDay: Date } {
  return {
    sinceDay: since.toISOString().slice(0, 10),
    firstWholeDay: new Date(
      Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() + 1),
    ),
  };
}

/** Completions in one UTC week (from Monday) or month. */
export interface PublicTrendBucket {
  start: string;
  meals: number;
  kg: number;
  co2Kg: number;
  completedDonations: number;
}

const presentBucket = (r: Record<string, unknown>): PublicTrendBucket => ({
  start: String(r.start),
  meals: num(r.meals),
  kg: kg(r.kg),
  co2Kg: kg(r.co2),
  completedDonations: num(r.n),
});

/**
 * Donations completed per week or month since `since` (by completion day, as the totals count
 * them, so the buckets add up to the totals). Empty buckets are kept so the time axis is even.
 */
export async function completionTrends(
  db: DbOrTx,
  params: { since: Date; unit: 'week' | 'month' },
): Promise<PublicTrendBucket[]> {
  const unit = sql.raw(`'${params.unit}'`);
  const { sinceDay, firstWholeDay } = rangeBounds(params.since);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz at time zone 'UTC'), date_trunc(${unit}, now() at time zone 'UTC'), ('1 ' || ${unit})::interval) as start
      ), parts as (
        select date_trunc(${unit}, s.day::timestamp) as start, s.completed_donations::numeric as n,
               s.completed_meals as meals, s.completed_kg as kg, s.completed_co2 as co2
        from stats_daily s where s.day > ${sinceDay}::date and s.completed_donations <> 0
        union all
        select date_trunc(${unit}, d.completed_at at time zone 'UTC'), 1, d.meals_donated::numeric,
               d.kg_donated::numeric, d.co2_saved::numeric
        from donations d
        where d.status = 'completed' and d.completed_at >= ${params.since}
          and d.completed_at < ${firstWholeDay}
      )
      select to_char(b.start, 'YYYY-MM-DD') as start, coalesce(sum(p.n), 0) as n,
             coalesce(sum(p.meals), 0) as meals, coalesce(sum(p.kg), 0) as kg,
             coalesce(sum(p.co2), 0) as co2
      from buckets b left join parts p on p.start = b.start
      group by b.start order by b.start
    `),
  );
  return rows.map(presentBucket);
}

/** The same buckets added up from raw rows. */
export async function completionTrendsFromRows(
  db: DbOrTx,
  params: { since: Date; unit: 'week' | 'month' },
): Promise<PublicTrendBucket[]> {
  const unit = sql.raw(`'${params.unit}'`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${params.since}::timestamptz at time zone 'UTC'), date_trunc(${unit}, now() at time zone 'UTC'), ('1 ' || ${unit})::interval) as start
      )
      select to_char(b.start, 'YYYY-MM-DD') as start, count(d.id) as n,
             coalesce(sum(d.meals_donated), 0) as meals, coalesce(sum(d.kg_donated), 0) as kg,
             coalesce(sum(d.co2_saved), 0) as co2
      from buckets b
      left join donations d on date_trunc(${unit}, d.completed_at at time zone 'UTC') = b.start
        and d.status = 'completed' and d.completed_at >= ${params.since}
      group by b.start order by b.start
    `),
  );
  return rows.map(presentBucket);
}

/** A grid cell by its index (floor of degrees times cells per degree) and its rescues. */
export interface GridCell {
  cellLat: number;
  cellLng: number;
  rescues: number;
}

/**
 * Completed rescues per grid cell of their pickup point since `since`; cells with fewer than
 * IMPACT_MIN_CELL_RESCUES are left out here, in the database, so they never reach a presenter.
 */
export async function rescueCells(db: DbOrTx, since: Date): Promise<GridCell[]> {
  const { sinceDay, firstWholeDay } = rangeBounds(since);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with parts as (
        select s.cell_lat, s.cell_lng, s.rescues from stats_daily_cells s
        where s.day > ${sinceDay}::date
        union all
        select floor(d.pickup_lat * ${GRID})::integer, floor(d.pickup_lng * ${GRID})::integer, 1
        from donations d
        where d.status = 'completed' and d.completed_at >= ${since}
          and d.completed_at < ${firstWholeDay}
      )
      select cell_lat, cell_lng, sum(rescues) as rescues from parts
      group by cell_lat, cell_lng
      having sum(rescues) >= ${IMPACT_MIN_CELL_RESCUES}
      order by sum(rescues) desc, cell_lat, cell_lng
    `),
  );
  return rows.map(presentCell);
}

/** Every cell (none suppressed) added up from raw rows. */
export async function rescueCellsFromRows(db: DbOrTx, since: Date): Promise<GridCell[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select floor(pickup_lat * ${GRID})::integer as cell_lat,
             floor(pickup_lng * ${GRID})::integer as cell_lng, count(*) as rescues
      from donations where status = 'completed' and completed_at >= ${since}
      group by 1, 2 order by count(*) desc, 1, 2
    `),
  );
  return rows.map(presentCell);
}

const presentCell = (r: Record<string, unknown>): GridCell => ({
  cellLat: num(r.cell_lat),
  cellLng: num(r.cell_lng),
  rescues: num(r.rescues),
});

/** Collections by recorded quality, and where food unfit for people went. */
export interface Outcomes {
  good: number;
  bad: number;
  badToNursery: number;
  badToPoultry: number;
}

function presentOutcomes(rows: Array<Record<string, unknown>>): Outcomes {
  const out: Outcomes = { good: 0, bad: 0, badToNursery: 0, badToPoultry: 0 };
  for (const r of rows) {
    const n = num(r.n);
    if (r.quality === 'good') out.good += n;
    else {
      out.bad += n;
      if (r.destination_type === 'nursery') out.badToNursery += n;
      if (r.destination_type === 'poultry') out.badToPoultry += n;
    }
  }
  return out;
}

/** Outcomes recorded since `since` (the day of the collection, or of a self delivery's receipt). */
export async function collectionOutcomes(db: DbOrTx, since: Date): Promise<Outcomes> {
  const { sinceDay, firstWholeDay } = rangeBounds(since);
  return presentOutcomes(
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with parts as (
          select s.quality, s.destination_type, s.collections as n from stats_daily_quality s
          where s.day > ${sinceDay}::date
          union all
          select r.quality, r.destination_type, 1 from requests r
          where r.quality is not null and r.destination_type is not null
            and coalesce(r.collected_at, r.fulfilled_at) >= ${since}
            and coalesce(r.collected_at, r.fulfilled_at) < ${firstWholeDay}
        )
        select quality::text as quality, destination_type::text as destination_type, sum(n) as n
        from parts group by 1, 2
      `),
    ),
  );
}

/** The same outcomes added up from raw rows. */
export async function collectionOutcomesFromRows(db: DbOrTx, since: Date): Promise<Outcomes> {
  return presentOutcomes(
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select quality::text as quality, destination_type::text as destination_type, count(*) as n
        from requests
        where quality is not null and destination_type is not null
          and coalesce(collected_at, fulfilled_at) >= ${since}
        group by 1, 2
      `),
    ),
  );
}

/** Accounts per role that are not suspended (the stats_role_counts rollup). */
export async function accountsByRole(db: DbOrTx): Promise<Partial<Record<Role, number>>> {
  const rows = rowsOf<{ role: Role; users: unknown }>(
    await db.execute(sql`select role::text as role, users from stats_role_counts`),
  );
  return Object.fromEntries(rows.map((r) => [r.role, num(r.users)]));
}

/** The first UTC day with a completion, or null: where an all-time chart starts. */
export async function firstCompletionDay(db: DbOrTx): Promise<string | null> {
  const [row] = rowsOf<{ day: string | null }>(
    await db.execute(
      sql`select min(day)::text as day from stats_daily where completed_donations <> 0`,
    ),
  );
  return row?.day ?? null;
}

/** An organisation with a public impact card. */
export interface PublicOrg {
  id: string;
  slug: string;
  role: Role;
  organizationName: string;
  createdAt: Date;
}

/** The account behind a public slug: live (not suspended or deleted) and still named. */
export async function findPublicOrg(db: DbOrTx, slug: string): Promise<PublicOrg | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select id, public_slug, role::text as role, organization_name, created_at from users
      where public_slug = ${slug} and suspended_at is null and deleted_at is null
        and organization_name is not null
    `),
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    slug: String(row.public_slug),
    role: row.role as Role,
    organizationName: String(row.organization_name),
    createdAt: new Date(row.created_at as string),
  };
}

/** An organisation's own all-time figures, in the public card's shape. */
export interface OrgFigures {
  meals: number;
  kg: number;
  co2Kg: number;
  completedDonations: number;
}

/**
 * A donor's donations completed as good food: one pass over the donor's rows through the donor
 * index (with the status in the WHERE clause the planner also read the index of every completed
 * donation, 135,000 at 1M, to intersect them).
 */
export async function donorFigures(db: DbOrTx, userId: string): Promise<OrgFigures> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) filter (where status = 'completed') as n,
             coalesce(sum(meals_donated) filter (where status = 'completed'), 0) as meals,
             coalesce(sum(kg_donated) filter (where status = 'completed'), 0) as kg,
             coalesce(sum(co2_saved) filter (where status = 'completed'), 0) as co2
      from donations where donor_id = ${userId}
    `),
  );
  return presentFigures(row!);
}

/** A receiver's deliveries received (fulfilled), with what the donations saved. */
export async function receiverFigures(db: DbOrTx, userId: string): Promise<OrgFigures> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as n, coalesce(sum(d.meals_donated), 0) as meals,
             coalesce(sum(d.kg_donated), 0) as kg, coalesce(sum(r.co2_saved), 0) as co2
      from requests r join donations d on d.id = r.donation_id
      where r.destination_user_id = ${userId} and r.status = 'fulfilled'
    `),
  );
  return presentFigures(row!);
}

const presentFigures = (r: Record<string, unknown>): OrgFigures => ({
  meals: num(r.meals),
  kg: kg(r.kg),
  co2Kg: kg(r.co2),
  completedDonations: num(r.n),
});
