// Impact statistics at scale: user stats of the heaviest donor, volunteer, food bank and poultry
// farm, platform stats and trends, through the real server next to /api/health, plus the SQL on
// its own (timed through the driver, and EXPLAIN ANALYZE).
//
// For each size: a fresh database (PGlite: a new data directory; PostgreSQL: a new database on
// BENCH_DATABASE_URL / TEST_DATABASE_URL, dropped afterwards) filled by generateDonations with
// `workflow` (requests, collections, volunteers and receivers). Sizes: 100,000 always, 1,000,000
// on PostgreSQL, and on PGlite only with BENCH_FULL=1 (generation there takes many minutes);
// BENCH_STATS_SIZES=20000,100000 picks others. BENCH_SECONDS sets the load duration,
// BENCH_SQL_RUNS the timed SQL repetitions, BENCH_REVISION the revision named in the report.
// The public impact figures and open data (decision 0033) are measured beside them, anonymous;
// BENCH_STATS_ONLY=public measures only those (and the /api/health ceiling).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rangeStart, type AnalyticsRange } from '@annasetu/domain';
import { rowsOf, type Database, type Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import {
  donationTrends,
  platformStats,
  topCuisines,
  userStats,
} from '../../apps/server/src/modules/stats/stats.queries.js';
import {
  publicImpact,
  publicOrgCard,
} from '../../apps/server/src/modules/public/public.service.js';
import { analyze, generateDonations } from './generate.js';
import { DURATION_S, measure, tableRows, writeReport, type Row, type Scenario } from './load.js';
import { startServer } from './server-process.js';
import { settle } from './settle.js';
import { ENGINE, captureQueries, freshDatabase, rawQuery } from './databases.js';

const CONNECTIONS = 20;
const WARM_UP_S = 2;
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 50);
const SQL_MAX_SECONDS = 20;
const SIZES = process.env.BENCH_STATS_SIZES
  ? process.env.BENCH_STATS_SIZES.split(',').map((s) => Number(s.replace(/_/g, '')))
  : [100_000, ...(ENGINE === 'postgres' || process.env.BENCH_FULL === '1' ? [1_000_000] : [])];
const RANGES: readonly AnalyticsRange[] = ['30', 'all'];
const PUBLIC_ONLY = process.env.BENCH_STATS_ONLY === 'public';
const PUBLIC_RANGES = ['30d', 'all'] as const;
/** The heaviest donor's public card, switched on for the measurement. */
const SLUG = 'bench-heavy-donor-card';

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The heaviest account of each kind: the worst case for a per-user figure. */
interface Heavy {
  donor: { id: string; n: number };
  volunteer: { id: string; n: number };
  foodbank: { id: string; n: number };
  poultry: { id: string; n: number };
}

async function heavyAccounts(database: Database): Promise<Heavy> {
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = rowsOf<{ id: string; n: unknown }>(await database.db.execute(query));
    if (!row) throw new Error('the generated data has no such account');
    return { id: row.id, n: Number(row.n) };
  };
  const receiver = (role: 'foodbank' | 'poultry') => sql`
    select r.destination_user_id as id, count(*) as n from requests r
    join users u on u.id = r.destination_user_id and u.role = ${role}
    where r.status = 'fulfilled' group by 1 order by 2 desc limit 1`;
  return {
    donor: await one(
      sql`select donor_id as id, count(*) as n from donations group by 1 order by 2 desc limit 1`,
    ),
    volunteer: await one(sql`
      select volunteer_id as id, count(*) as n from requests
      where status = 'fulfilled' and volunteer_id is not null group by 1 order by 2 desc limit 1`),
    foodbank: await one(receiver('foodbank')),
    poultry: await one(receiver('poultry')),
  };
}

interface Query {
  label: string;
  run: (db: Db) => Promise<unknown>;
}

function queries(heavy: Heavy): Query[] {
  const list: Query[] = [];
  for (const range of PUBLIC_RANGES) {
    list.push({ label: `publicImpact range=${range}`, run: (db) => publicImpact(db, range) });
  }
  list.push({ label: 'publicOrgCard (heaviest donor)', run: (db) => publicOrgCard(db, SLUG) });
  if (PUBLIC_ONLY) return list;
  for (const range of RANGES) {
    const since = () => rangeStart(Date.now(), range);
    for (const kind of ['donor', 'volunteer', 'foodbank', 'poultry'] as const) {
      list.push({
        label: `userStats ${kind} range=${range}`,
        run: (db) => userStats(db, heavy[kind].id, since()),
      });
    }
    list.push({ label: `platformStats range=${range}`, run: (db) => platformStats(db, since()) });
    const granularity = range === 'all' ? 'month' : 'day';
    for (const [scope, donorId] of [
      ['platform', null],
      ['donor', heavy.donor.id],
    ] as const) {
      list.push({
        label: `trends ${scope} range=${range}`,
        run: async (db) => {
          await donationTrends(db, { since: since(), granularity, donorId });
          await topCuisines(db, { since: since(), limit: 5, donorId });
        },
      });
    }
  }
  return list;
}

interface SqlFigures {
  label: string;
  runs: number;
  medianMs: number;
  p99Ms: number;
  /** EXPLAIN ANALYZE execution time, summed over the statements the call sends. */
  explainMs: number;
  plans: string[];
}

/** Times a query function through the driver, and EXPLAIN ANALYZEs every statement it sends. */
async function measureSql(database: Database, query: Query): Promise<SqlFigures> {
  const sent = await captureQueries(database, query.run);
  const plans: string[] = [];
  for (const statement of sent) {
    const explained = (await rawQuery(
      database,
      `explain (analyze, buffers) ${statement.text}`,
      statement.params,
    )) as { 'QUERY PLAN': string }[];
    plans.push(explained.map((r) => r['QUERY PLAN']).join('\n'));
  }
  for (let i = 0; i < 3; i++) await query.run(database.db);
  const times: number[] = [];
  const deadline = performance.now() + SQL_MAX_SECONDS * 1000;
  while (times.length < SQL_RUNS && (times.length < 5 || performance.now() < deadline)) {
    const start = performance.now();
    await query.run(database.db);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    label: query.label,
    runs: times.length,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    explainMs: plans.reduce(
      (sum, plan) => sum + Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
      0,
    ),
    plans,
  };
}

/**
 * Signs the heavy accounts in the way the server does (a sessions row holding the SHA-256 of
 * the cookie token): generated accounts have no usable password.
 */
async function sessionCookies(
  database: Database,
  heavy: Heavy,
): Promise<Record<keyof Heavy, string>> {
  const cookies = {} as Record<keyof Heavy, string>;
  for (const kind of Object.keys(heavy) as (keyof Heavy)[]) {
    const token = crypto.randomBytes(32).toString('base64url');
    await database.db.insert(schema.sessions).values({
      id: crypto.createHash('sha256').update(token).digest('hex'),
      userId: heavy[kind].id,
      csrfToken: crypto.randomBytes(24).toString('base64url'),
      persistent: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    cookies[kind] = `sid=${token}`;
  }
  return cookies;
}

interface SizeResult {
  size: number;
  generateSeconds: number;
  rows: Record<string, number>;
  heavy: Heavy;
  sql: SqlFigures[];
  http: Row[];
}

async function tableCounts(database: Database): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, unknown>>(
    await database.db.execute(sql`select
      (select count(*) from users) as users,
      (select count(*) from donations) as donations,
      (select count(*) from donations where status = 'completed') as completed,
      (select count(*) from requests) as requests,
      (select count(*) from collections) as collections`),
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

async function runSize(size: number): Promise<SizeResult> {
  console.log(`\n${ENGINE}, ${size.toLocaleString('en-US')} donations`);
  const fresh = await freshDatabase('stats', size);
  try {
    let reported = 0;
    const summary = await generateDonations(fresh.database, {
      donations: size,
      workflow: {},
      onProgress(done, total) {
        if (done - reported >= total / 4 || done === total) {
          reported = done;
          process.stdout.write(`  generated ${done}\n`);
        }
      },
    });
    await analyze(fresh.database);
    const generateSeconds = summary.milliseconds / 1000;
    const counts = await tableCounts(fresh.database);
    const heavy = await heavyAccounts(fresh.database);
    await fresh.database.db.execute(sql`
      update users set public_slug = ${SLUG}, organization_name = coalesce(organization_name, 'Bench kitchen')
      where id = ${heavy.donor.id}`);
    const sqlFigures: SqlFigures[] = [];
    for (const query of queries(heavy)) {
      const figures = await measureSql(fresh.database, query);
      sqlFigures.push(figures);
      console.log(
        `  SQL ${figures.label}: median ${figures.medianMs.toFixed(2)} ms, ` +
          `p99 ${figures.p99Ms.toFixed(2)} ms, EXPLAIN ${figures.explainMs.toFixed(2)} ms`,
      );
    }
    const cookies = await sessionCookies(fresh.database, heavy);
    // PGlite is one process: the server can only open the directory once we have let go.
    await fresh.database.close();

    // The public routes' own per-address limit is not what is measured.
    const server = await startServer({
      ...fresh.server,
      env: { ...fresh.server.env, PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000' },
    });
    try {
      const as = (kind: keyof Heavy) => ({ cookie: cookies[kind] });
      const scenarios: Scenario[] = [
        { name: 'GET /api/health (ceiling)', path: '/api/health' },
        ...PUBLIC_RANGES.map((range) => ({
          name: `GET /api/public/impact?range=${range} (anonymous)`,
          path: `/api/public/impact?range=${range}`,
        })),
        {
          name: 'GET /api/public/impact.csv?range=all&table=weekly (anonymous)',
          path: '/api/public/impact.csv?range=all&table=weekly',
        },
        { name: 'GET /api/public/orgs/{slug} (heaviest donor)', path: `/api/public/orgs/${SLUG}` },
        {
          name: 'GET /api/public/orgs/{slug}/badge.svg?lang=hi',
          path: `/api/public/orgs/${SLUG}/badge.svg?lang=hi`,
        },
        ...(PUBLIC_ONLY
          ? []
          : [{ name: 'GET /api/me (session lookup)', path: '/api/me', headers: as('donor') }]),
        ...(PUBLIC_ONLY ? [] : RANGES).flatMap((range) => [
          ...(['donor', 'volunteer', 'foodbank', 'poultry'] as const).map((kind) => ({
            name: `GET /api/stats/me?range=${range} (${kind})`,
            path: `/api/stats/me?range=${range}`,
            headers: as(kind),
          })),
          {
            name: `GET /api/stats/platform?range=${range}`,
            path: `/api/stats/platform?range=${range}`,
            headers: as('foodbank'),
          },
          {
            name: `GET /api/stats/trends?range=${range}&scope=platform`,
            path: `/api/stats/trends?range=${range}&scope=platform`,
            headers: as('foodbank'),
          },
          {
            name: `GET /api/stats/trends?range=${range} (donor)`,
            path: `/api/stats/trends?range=${range}`,
            headers: as('donor'),
          },
        ]),
      ].map((s) => ({ ...s, method: 'GET', connections: CONNECTIONS }));
      for (const s of scenarios) {
        const probe = await fetch(server.baseUrl + s.path, { headers: s.headers ?? {} });
        if (probe.status !== 200) {
          throw new Error(`${s.path} answered ${probe.status}: ${await probe.text()}`);
        }
      }
      const http: Row[] = [];
      for (const s of scenarios) {
        // A fresh process compiles and fills caches on its first requests; measure steady state.
        await measure(server.baseUrl, s, WARM_UP_S);
        await settle(server.baseUrl);
        process.stdout.write(`  measuring ${s.name} ... `);
        const row = await measure(server.baseUrl, s);
        http.push(row);
        console.log(`${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99} ms`);
        await settle(server.baseUrl);
      }
      return { size, generateSeconds, rows: counts, heavy, sql: sqlFigures, http };
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

/** The commit measured: BENCH_REVISION when set (an exported tree has no .git), else git's. */
function revision(): string {
  if (process.env.BENCH_REVISION) return process.env.BENCH_REVISION;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function report(results: readonly SizeResult[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `# Impact statistics benchmark ${new Date().toISOString()} (${ENGINE}, revision ${revision()})`,
    '',
    `${os.cpus().length} cores, Node ${process.version}, ${DURATION_S} s per load scenario, ` +
      `${CONNECTIONS} connections. Generated donations with their requests, collections, ` +
      'volunteers, food banks and poultry farms; each user figure is for the heaviest account ' +
      'of its kind. "all" is 3650 days.',
    '',
    '## Data',
    '',
    '| donations | generated in s | users | completed | requests | collections | heaviest donor (donations) | volunteer (deliveries) | food bank (received) | poultry farm (received) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${n(r.size)} | ${r.generateSeconds.toFixed(1)} | ${n(r.rows.users!)} | ${n(r.rows.completed!)} | ${n(r.rows.requests!)} | ${n(r.rows.collections!)} | ${n(r.heavy.donor.n)} | ${n(r.heavy.volunteer.n)} | ${n(r.heavy.foodbank.n)} | ${n(r.heavy.poultry.n)} |`,
    ),
    '',
    '## SQL through the driver',
    '',
    `Median and p99 of up to ${SQL_RUNS} runs (at least 5, stopping after ${SQL_MAX_SECONDS} s) ` +
      "of the server's own query functions; EXPLAIN ANALYZE execution time of the SQL they " +
      'send (trends: the buckets and the top cuisines together).',
    '',
    '| donations | query | runs | median ms | p99 ms | EXPLAIN ms |',
    '|---:|---|---:|---:|---:|---:|',
    ...results.flatMap((r) =>
      r.sql.map(
        (s) =>
          `| ${n(r.size)} | ${s.label} | ${s.runs} | ${s.medianMs.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.explainMs.toFixed(2)} |`,
      ),
    ),
    '',
    '## HTTP under load',
    '',
    ...results.flatMap((r) => [`### ${n(r.size)} donations`, '', ...tableRows(r.http), '']),
    '## Plans',
    '',
    ...results.flatMap((r) =>
      r.sql.flatMap((s) => [
        `### ${n(r.size)} donations, ${s.label}`,
        '',
        ...s.plans.flatMap((plan) => ['```', plan, '```', '']),
      ]),
    ),
  ];
  return lines.join('\n');
}

const results: SizeResult[] = [];
for (const size of SIZES) results.push(await runSize(size));
const markdown = report(results);
console.log(`\n${markdown.slice(0, markdown.indexOf('## Plans'))}`);
const file = writeReport(`stats-${ENGINE}`, markdown);
console.log(`report written to ${path.relative(process.cwd(), file)}`);
