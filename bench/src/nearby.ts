// The nearby feed at scale: for each size, generate donations over India into a fresh database,
// time the feed's SQL through the driver and EXPLAIN it, then start the real server on that
// database and load GET /api/donations/available next to GET /api/health with 50 connections.
//
// Engine: PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database per size is
// created there and dropped afterwards, so the role needs CREATEDB), PGlite otherwise.
// BENCH_FULL=1 adds 1,000,000 donations; BENCH_NEARBY_SIZES=10000,50000 picks sizes;
// BENCH_SECONDS sets the load duration; BENCH_SQL_RUNS the timed SQL repetitions;
// BENCH_PENDING_SHARE (default 0.7) the share of donations still pending.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Coordinates } from '@annasetu/domain';
import { rowsOf, type Database, type Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import {
  distanceFrom,
  listAvailableDonations,
} from '../../apps/server/src/modules/donations/nearby.queries.js';
import { cityNamed } from './generate-data.js';
import { analyze, generateDonations } from './generate.js';
import { DURATION_S, measure, tableRows, writeReport, type Row, type Scenario } from './load.js';
import { signUpFoodbank } from './foodbank.js';
import { startServer } from './server-process.js';
import { settle } from './settle.js';
import { ENGINE, captureQueries, freshDatabase, rawQuery } from './databases.js';

const RADIUS_KM = 10;
const CONNECTIONS = 50;
const WARM_UP_S = 2;
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 200);
const SQL_MAX_SECONDS = 30;
// The densest city in the generated data: the worst case for a radius search.
const CITY = cityNamed('Delhi');
const CENTER: Coordinates = { lat: CITY.lat, lng: CITY.lng };
const SIZES = process.env.BENCH_NEARBY_SIZES
  ? process.env.BENCH_NEARBY_SIZES.split(',').map((s) => Number(s.replace(/_/g, '')))
  : [10_000, 100_000, ...(process.env.BENCH_FULL === '1' ? [1_000_000] : [])];
// Share of generated donations that are pending (open for requests); the rest is history.
const PENDING_SHARE = Number(process.env.BENCH_PENDING_SHARE ?? 0.7);

interface SqlFigures {
  label: string;
  runs: number;
  medianMs: number;
  p99Ms: number;
  /** EXPLAIN ANALYZE execution time, summed over the statements. */
  explainMs: number;
  /** Pending donations in the radius. */
  radius: number;
  /** Statements the call sent. */
  statements: number;
  /** Indexes the plans read, e.g. whether it is donations_pending_geo_idx. */
  indexes: string[];
  plan: string;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Where the feed is asked from: the densest city's centre, its edge, and open country. */
const PLACES: { name: string; center: Coordinates }[] = [
  { name: `${CITY.name} centre`, center: CENTER },
  // ~20 km from the centre: the radius straddles the city's edge (dense on one side only).
  { name: `${CITY.name} edge`, center: { lat: CITY.lat + 0.136, lng: CITY.lng - 0.159 } },
  { name: 'open country', center: { lat: 26, lng: 80 } },
];

/**
 * Times the server's own query function through the driver (so mapping rows counts too), and
 * EXPLAIN ANALYZEs every statement it sends (a feed call may send two or three, by how dense the
 * radius is). The feed is a receiver's, as the HTTP scenario's is.
 */
async function measureSql(
  database: Database,
  sort: 'distance' | 'newest',
  place: (typeof PLACES)[number],
  excludeDonorId: string,
): Promise<SqlFigures> {
  const run = (db: Db) =>
    listAvailableDonations(db, {
      feed: { kind: 'receiver', excludeDonorId },
      center: place.center,
      radiusKm: RADIUS_KM,
      sort,
      // The HTTP default page (50) plus the row that tells whether there is a next page.
      limit: 51,
    });
  const queries = await captureQueries(database, run);
  const plans: string[] = [];
  for (const query of queries) {
    const explained = (await rawQuery(
      database,
      `explain (analyze, buffers) ${query.text}`,
      query.params,
    )) as { 'QUERY PLAN': string }[];
    plans.push(explained.map((r) => r['QUERY PLAN']).join('\n'));
  }
  for (let i = 0; i < 10; i++) await run(database.db);
  const times: number[] = [];
  // A slow plan at a large size would otherwise take many minutes to time.
  const deadline = performance.now() + SQL_MAX_SECONDS * 1000;
  while (times.length < SQL_RUNS && (times.length < 20 || performance.now() < deadline)) {
    const start = performance.now();
    await run(database.db);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const plan = plans.join('\n\n');
  return {
    label: `${place.name}, sort=${sort}`,
    radius: await radiusCount(database, place.center),
    statements: plans.length,
    runs: times.length,
    medianMs: percentile(times, 50),
    p99Ms: percentile(times, 99),
    explainMs: plans
      .map((p) => Number(/Execution Time: ([\d.]+)/.exec(p)?.[1] ?? NaN))
      .reduce((a, b) => a + b, 0),
    indexes: [
      ...new Set([...plan.matchAll(/Index (?:Only )?Scan (?:using|on) (\w+)/g)].map((m) => m[1]!)),
    ],
    plan,
  };
}

/** Pending donations within the radius of a centre: what the feed chooses its page from. */
async function radiusCount(database: Database, center: Coordinates): Promise<number> {
  const d = schema.donations;
  const [row] = rowsOf<{ radius: number }>(
    await database.db.execute(sql`select count(*)::int as radius from ${d}
      where ${d.status} = 'pending' and ${d.deletedAt} is null and ${d.expiryTime} > now()
        and ${distanceFrom(center)} <= ${RADIUS_KM}`),
  );
  return row!.radius;
}

async function pendingCount(database: Database): Promise<number> {
  const d = schema.donations;
  const [row] = rowsOf<{ pending: number }>(
    await database.db.execute(sql`select count(*)::int as pending from ${d}
      where ${d.status} = 'pending' and ${d.deletedAt} is null and ${d.expiryTime} > now()`),
  );
  return row!.pending;
}

interface SizeResult {
  size: number;
  generateSeconds: number;
  pending: number;
  sql: SqlFigures[];
  firstPage: number;
  rows: Row[];
}

async function runSize(size: number): Promise<SizeResult> {
  console.log(`\n${ENGINE}, ${size.toLocaleString('en-US')} donations`);
  const fresh = await freshDatabase('nearby', size);
  try {
    let reported = 0;
    const summary = await generateDonations(fresh.database, {
      donations: size,
      pendingShare: PENDING_SHARE,
      onProgress(done, total) {
        if (done - reported >= total / 4 || done === total) {
          reported = done;
          process.stdout.write(`  generated ${done}\n`);
        }
      },
    });
    await analyze(fresh.database);
    const generateSeconds = summary.milliseconds / 1000;
    const pending = await pendingCount(fresh.database);
    const someone = crypto.randomUUID();
    const sqlFigures: SqlFigures[] = [];
    for (const place of PLACES) {
      for (const sort of ['distance', 'newest'] as const) {
        sqlFigures.push(await measureSql(fresh.database, sort, place, someone));
      }
    }
    for (const s of sqlFigures) {
      console.log(
        `  SQL ${s.label}: median ${s.medianMs.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms`,
      );
    }
    // PGlite is one process: the server can only open the directory once we have let go.
    await fresh.database.close();

    const server = await startServer(fresh.server);
    try {
      const { cookie } = await signUpFoodbank(server.baseUrl, CITY);
      const feed = `/api/donations/available?radiusKm=${RADIUS_KM}`;
      const probe = await fetch(server.baseUrl + feed, { headers: { cookie } });
      if (probe.status !== 200) {
        throw new Error(`nearby feed answered ${probe.status}: ${await probe.text()}`);
      }
      const firstPage = ((await probe.json()) as { items: unknown[] }).items.length;
      const signedIn = { cookie };
      const scenarios: Scenario[] = [
        // No cookie: the ceiling is the server and the database round trip, nothing else.
        { name: 'GET /api/health (ceiling)', path: '/api/health' },
        // The feed's floor: every signed-in request looks its session up first.
        { name: 'GET /api/me (session lookup)', path: '/api/me', headers: signedIn },
        { name: `GET ${feed} (by distance)`, path: feed, headers: signedIn },
        { name: `GET ${feed}&sort=newest`, path: `${feed}&sort=newest`, headers: signedIn },
        {
          name: `GET ${feed}&sort=newest at the ${CITY.name} edge`,
          path: `${feed}&sort=newest&lat=${PLACES[1]!.center.lat}&lng=${PLACES[1]!.center.lng}`,
          headers: signedIn,
        },
      ].map((s) => ({ ...s, method: 'GET', connections: CONNECTIONS }));
      const rows: Row[] = [];
      for (const s of scenarios) {
        // A fresh process compiles and fills caches on its first requests; measure steady state.
        await measure(server.baseUrl, s, WARM_UP_S);
        await settle(server.baseUrl);
        process.stdout.write(`  measuring ${s.name} ... `);
        const row = await measure(server.baseUrl, s);
        rows.push(row);
        console.log(`${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99} ms`);
        await settle(server.baseUrl);
      }
      return { size, generateSeconds, pending, sql: sqlFigures, firstPage, rows };
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

function report(results: readonly SizeResult[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `# Nearby feed benchmark ${new Date().toISOString()} (${ENGINE})`,
    '',
    `${os.cpus().length} cores, Node ${process.version}, ${DURATION_S} s per load scenario, ` +
      `${CONNECTIONS} connections. A food bank at the centre of ${CITY.name} (the densest city ` +
      `in the generated data) asks for pending donations within ${RADIUS_KM} km, 50 per page. ` +
      `${Math.round(PENDING_SHARE * 100)}% of the generated donations are pending.`,
    '',
    '## SQL through the driver',
    '',
    `Median and p99 of ${SQL_RUNS} runs (fewer when they take over ${SQL_MAX_SECONDS} s) of ` +
      'listAvailableDonations (51 rows: a page and the next-page probe) through the driver; ' +
      'EXPLAIN ANALYZE execution time of the statements it sends, summed. "In radius" is how ' +
      'many pending donations lie within the radius: the figure a scan of the radius would grow ' +
      'with.',
    '',
    '| donations | pending | where, order | in radius | statements | runs | median ms | p99 ms | EXPLAIN ms | indexes used |',
    '|---:|---:|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.flatMap((r) =>
      r.sql.map(
        (s) =>
          `| ${n(r.size)} | ${n(r.pending)} | ${s.label} | ${n(s.radius)} | ${s.statements} | ${s.runs} | ${s.medianMs.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.explainMs.toFixed(2)} | ${s.indexes.join(', ')} |`,
      ),
    ),
    '',
    '## HTTP under load',
    '',
    ...results.flatMap((r) => [
      `### ${n(r.size)} donations (generated in ${r.generateSeconds.toFixed(1)} s; first page ${r.firstPage} items)`,
      '',
      ...tableRows(r.rows),
      '',
    ]),
    '## Plans',
    '',
    ...results.flatMap((r) =>
      r.sql.flatMap((s) => [
        `### ${n(r.size)} donations, ${s.label}`,
        '',
        '```',
        s.plan,
        '```',
        '',
      ]),
    ),
  ];
  return lines.join('\n');
}

const results: SizeResult[] = [];
for (const size of SIZES) results.push(await runSize(size));
const markdown = report(results);
console.log(`\n${markdown}`);
const file = writeReport(`nearby-${ENGINE}`, markdown);
console.log(`report written to ${path.relative(process.cwd(), file)}`);
