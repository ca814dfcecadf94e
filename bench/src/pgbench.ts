// The nearby feed against the database's own ceiling: in one run, on PostgreSQL, the feed through
// HTTP (autocannon, 50 connections) and the very SQL statements one such request sends, driven
// directly with pgbench at the same concurrency. Reports HTTP throughput as a ratio of pgbench's
// and a CPU profile (node --cpu-prof) of the server during the HTTP runs, grouped by where the
// time went (session lookup, ORM, driver, serialisation, our code).
//
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database is created there and
// dropped afterwards), e.g. `node scripts/with-postgres.mjs npm run bench:pgbench -w @annasetu/bench`.
// BENCH_PGBENCH_DONATIONS (default 100000), BENCH_SECONDS (default 8) per scenario,
// BENCH_APP_PROCESSES (default 1): app processes on the same database sharing the 50 connections
// (the scale-out setup without the proxy; only the first is profiled), BENCH_DB_POOL_MAX (10):
// each app process's database pool.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { availableDonationsQuerySchema } from '@annasetu/domain';
import { rowsOf, type Database, type Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema/index.js';
import { PostgresCounterStore } from '../../apps/server/src/lib/counters.js';
import { findLiveSession } from '../../apps/server/src/modules/auth/sessions.queries.js';
import { listAvailable } from '../../apps/server/src/modules/donations/donation-lists.service.js';
import { profileTables, summariseProfile, type ProfileSummary } from './cpu-profile.js';
import { ENGINE, captureQueries, freshDatabase } from './databases.js';
import { cityNamed } from './generate-data.js';
import { analyze, generateDonations } from './generate.js';
import { DURATION_S, measure, writeReport, type Row } from './load.js';
import { signUpFoodbank } from './foodbank.js';
import { startServer } from './server-process.js';

const DONATIONS = Number(process.env.BENCH_PGBENCH_DONATIONS ?? 100_000);
const CONNECTIONS = 50;
const APP_PROCESSES = Math.max(1, Number(process.env.BENCH_APP_PROCESSES ?? 1));
// The server's database pool (DB_POOL_MAX, 10 by default); 50 gives the database the same
// concurrency from the server as from pgbench.
const POOL_MAX = Number(process.env.BENCH_DB_POOL_MAX ?? 10);
const RADIUS_KM = 10;
const WARM_UP_S = 2;
const CITY = cityNamed('Delhi');
const SORTS = ['distance', 'newest'] as const;
type Sort = (typeof SORTS)[number];

if (ENGINE !== 'postgres') {
  // Part of `npm run bench`, which runs on PGlite unless told otherwise: skip, do not fail.
  console.log(
    'pgbench comparison skipped: it needs PostgreSQL (BENCH_DATABASE_URL, or run through ' +
      'scripts/with-postgres.mjs)',
  );
  process.exit(0);
}

function findPgbench(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const candidate = path.join(root, v, 'bin', 'pgbench');
    if (fs.existsSync(candidate)) return candidate;
  }
  return 'pgbench';
}
const PGBENCH = findPgbench();

/**
 * A parameter as an SQL literal. pgbench reads `:name` as a variable, so a string holding a
 * colon is written as an escape string with the colon as `\x3a`. Numbers are parenthesised
 * (`x - -1` must not become the comment `x --1`).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return `(${value})`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  const quoted = text.replace(/'/g, "''");
  return /[:\\]/.test(quoted)
    ? `E'${quoted.replace(/\\/g, '\\\\').replace(/:/g, '\\x3a')}'`
    : `'${quoted}'`;
}

/** A statement with its $n placeholders replaced by literals, on one line, for a pgbench script. */
function inline(statement: { text: string; params: unknown[] }): string {
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) =>
    literal(statement.params[Number(n) - 1]),
  );
  return `${text.replace(/\s+/g, ' ').trim()};`;
}

interface PgbenchFigures {
  mode: string;
  script: string;
  tps: number;
  latencyMs: number;
}

function runPgbench(
  databaseUrl: string,
  scriptFile: string,
  mode: 'extended' | 'prepared',
  seconds: number,
) {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  const output = execFileSync(
    PGBENCH,
    [
      '-n',
      `-c${CONNECTIONS}`,
      '-j2',
      `-T${seconds}`,
      `-M${mode}`,
      '-f',
      scriptFile,
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      database,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench failed:\n${output}`);
  return { tps, latencyMs };
}

/** Transactions committed in the database so far (each autocommit statement is one). */
async function commits(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await database.db.execute(
      sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
    ),
  );
  return Number(row!.n);
}

/**
 * The scenario's connections shared out over the app processes, all at once: throughput and
 * errors summed, latencies the worst of them.
 */
async function measureAll(
  servers: { baseUrl: string }[],
  scenario: Parameters<typeof measure>[1],
  seconds?: number,
): Promise<Row> {
  const share = Math.floor(scenario.connections / servers.length);
  const rows = await Promise.all(
    servers.map((s, i) =>
      measure(
        s.baseUrl,
        {
          ...scenario,
          connections: i === 0 ? scenario.connections - share * (servers.length - 1) : share,
        },
        seconds,
      ),
    ),
  );
  return {
    name: scenario.name,
    requestsPerSecond: rows.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p50: Math.max(...rows.map((r) => r.p50)),
    p99: Math.max(...rows.map((r) => r.p99)),
    errors: rows.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rows.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

interface SortResult {
  sort: Sort;
  http: Row;
  commitsPerRequest: number;
  /** Server CPU time (user + system) per answered request, and the share of one core used. */
  cpuMsPerRequest: number;
  cpuShare: number;
  statements: string[];
  feedStatements: number;
  pgbench: PgbenchFigures[];
}

const load = os.loadavg();
console.log(`PostgreSQL, ${DONATIONS.toLocaleString('en-US')} donations`);
const fresh = await freshDatabase('pgbench', DONATIONS);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-cpuprof-'));
const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-pgbench-'));
const results: SortResult[] = [];
let profile: ProfileSummary | undefined;
try {
  const summary = await generateDonations(fresh.database, { donations: DONATIONS });
  await analyze(fresh.database);
  console.log(`  generated in ${(summary.milliseconds / 1000).toFixed(1)} s`);

  const serverOptions = {
    ...fresh.server,
    env: { ...fresh.server.env, DB_POOL_MAX: String(POOL_MAX) },
  };
  const server = await startServer({
    ...serverOptions,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  const others = await Promise.all(
    Array.from({ length: APP_PROCESSES - 1 }, () => startServer(serverOptions)),
  );
  const servers = [server, ...others];
  const windows: [number, number][] = [];
  try {
    const { cookie, token } = await signUpFoodbank(server.baseUrl, CITY);
    const feed = `/api/donations/available?radiusKm=${RADIUS_KM}`;
    const probe = await fetch(server.baseUrl + feed, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`feed answered ${probe.status}`);
    await probe.arrayBuffer();

    // The statements one feed request sends, as the server builds them: the rate-limit counter,
    // the session lookup, then the feed's own (one to three, by how dense the radius is).
    const sessionId = crypto.createHash('sha256').update(token).digest('hex');
    const [limitRow] = rowsOf<{ key: string }>(
      await fresh.database.db.execute(
        // The global limit's key (route limits such as sign-up's carry the route in theirs).
        sql`select key from rate_limits order by key like '%/%', count desc limit 1`,
      ),
    );
    const found = await findLiveSession(fresh.database.db, sessionId);
    if (!found) throw new Error('the bench session is not in the database');
    const [user] = await fresh.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, found.user.id));

    for (const sort of SORTS) {
      const common = await captureQueries(fresh.database, async (db: Db) => {
        if (limitRow) await new PostgresCounterStore(db).hit(limitRow.key, 60_000);
        await findLiveSession(db, sessionId);
      });
      const feedOnly = await captureQueries(fresh.database, (db: Db) =>
        listAvailable(
          { ...fresh.database, db },
          user!,
          availableDonationsQuerySchema.parse({ radiusKm: String(RADIUS_KM), sort }),
        ),
      );
      const whole = [...common, ...feedOnly].map(inline);
      const wholeFile = path.join(scriptDir, `request-${sort}.sql`);
      const feedFile = path.join(scriptDir, `feed-${sort}.sql`);
      fs.writeFileSync(wholeFile, `${whole.join('\n')}\n`);
      fs.writeFileSync(feedFile, `${feedOnly.map(inline).join('\n')}\n`);

      const scenario = {
        name: `GET ${feed}&sort=${sort}`,
        method: 'GET' as const,
        path: `${feed}&sort=${sort}`,
        connections: CONNECTIONS,
        headers: { cookie },
      };
      await measureAll(servers, scenario, WARM_UP_S);
      await sleep(1500);
      const before = await commits(fresh.database);
      const serversCpuMs = () => servers.reduce((sum, s) => sum + s.cpuMs(), 0);
      const cpuBefore = serversCpuMs();
      const from = monotonicMicros();
      process.stdout.write(`  HTTP ${sort} ... `);
      const http = await measureAll(servers, scenario);
      windows.push([from, monotonicMicros()]);
      const cpuMs = serversCpuMs() - cpuBefore;
      // Backends report their counters to the statistics system within a second or so.
      await sleep(1500);
      const after = await commits(fresh.database);
      const requests = http.requestsPerSecond * DURATION_S;
      console.log(`${Math.round(http.requestsPerSecond)} req/s`);

      const pgbench: PgbenchFigures[] = [];
      for (const [script, file, mode] of [
        ['whole request', wholeFile, 'extended'],
        ['whole request', wholeFile, 'prepared'],
        ['feed only', feedFile, 'prepared'],
      ] as const) {
        process.stdout.write(`  pgbench ${sort}, ${script}, ${mode} ... `);
        const figures = runPgbench(fresh.server.env!.DATABASE_URL!, file, mode, DURATION_S);
        console.log(`${Math.round(figures.tps)} tps`);
        pgbench.push({ script, mode, ...figures });
      }
      results.push({
        sort,
        http,
        commitsPerRequest: requests > 0 ? (after - before) / requests : NaN,
        cpuMsPerRequest: requests > 0 ? cpuMs / requests : NaN,
        cpuShare: cpuMs / (DURATION_S * 1000),
        statements: whole,
        feedStatements: feedOnly.length,
        pgbench,
      });
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) {
    const profileFile = path.join(profileDir, file);
    const inWindows = windows.map(([from, to]) => summariseProfile(profileFile, from, to));
    // Only the HTTP windows count: between them (pgbench) the server is idle.
    const total = inWindows.reduce((a, s) => a + s.totalMs, 0);
    const merge = <K extends string>(rows: { key: K; ms: number }[]) => {
      const sums = new Map<K, number>();
      for (const r of rows) sums.set(r.key, (sums.get(r.key) ?? 0) + r.ms);
      return [...sums.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([key, ms]) => ({ key, ms, share: ms / total }));
    };
    profile = {
      totalMs: total,
      self: merge(inWindows.flatMap((s) => s.self.map((r) => ({ key: r.group, ms: r.ms })))).map(
        (r) => ({ group: r.key, ms: r.ms, share: r.share }),
      ),
      inclusive: merge(
        inWindows.flatMap((s) => s.inclusive.map((r) => ({ key: r.stage, ms: r.ms }))),
      ).map((r) => ({ stage: r.key, ms: r.ms, share: r.share })),
      ours: merge(inWindows.flatMap((s) => s.ours.map((r) => ({ key: r.name, ms: r.ms }))))
        .slice(0, 12)
        .map((r) => ({ name: r.key, ms: r.ms, share: r.share })),
    };
  }
} finally {
  await fresh.database.close();
  await fresh.drop();
  fs.rmSync(scriptDir, { recursive: true, force: true });
}

const loadAfter = os.loadavg();
const revision = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const lines = [
  `# Nearby feed: HTTP against pgbench ${new Date().toISOString()}`,
  '',
  `Revision ${revision}; ${os.cpus().length} cores, Node ${process.version}; PostgreSQL through ` +
    `${path.basename(path.dirname(path.dirname(PGBENCH)))} pgbench; load average ` +
    `${load.map((l) => l.toFixed(2)).join(', ')} before, ` +
    `${loadAfter.map((l) => l.toFixed(2)).join(', ')} after.`,
  '',
  `${DONATIONS.toLocaleString('en-US')} generated donations; a food bank at the centre of ` +
    `${CITY.name} asks for pending donations within ${RADIUS_KM} km (50 per page), ` +
    `${CONNECTIONS} connections, ${DURATION_S} s per scenario after a ${WARM_UP_S} s warm-up. ` +
    'pgbench runs the statements one request sends (the rate-limit counter, the session ' +
    "lookup, the feed's own) with their parameters inlined, 50 clients on 2 threads; " +
    '`extended` parses each statement every time as node-postgres does, `prepared` parses once ' +
    `per connection (the database ceiling). The server keeps a pool of ${POOL_MAX} connections` +
    (APP_PROCESSES > 1
      ? `; ${APP_PROCESSES} app processes share the HTTP connections (CPU time is summed over ` +
        "them; the profile is the first one's)."
      : '.'),
  '',
  '| order | HTTP req/s | HTTP p50 / p99 ms | transactions per request | pgbench script | mode | tps | latency ms | HTTP / pgbench |',
  '|---|---:|---:|---:|---|---|---:|---:|---:|',
  ...results.flatMap((r) =>
    r.pgbench.map(
      (p) =>
        `| ${r.sort} | ${Math.round(r.http.requestsPerSecond)} | ${r.http.p50} / ${r.http.p99} | ` +
        `${r.commitsPerRequest.toFixed(2)} | ${p.script} | ${p.mode} | ${Math.round(p.tps)} | ` +
        `${p.latencyMs.toFixed(1)} | ${(r.http.requestsPerSecond / p.tps).toFixed(2)} |`,
    ),
  ),
  '',
  'HTTP errors and non-2xx answers: ' +
    results.map((r) => `${r.sort} ${r.http.errors} / ${r.http.non2xx}`).join(', '),
  '',
  'Server CPU (user + system, from /proc) during the HTTP runs: ' +
    results
      .map(
        (r) =>
          `${r.sort} ${r.cpuMsPerRequest.toFixed(1)} ms per request, ` +
          `${Math.round(r.cpuShare * 100)}% of one core`,
      )
      .join('; ') +
    '. Node runs the server on one core: where it uses nearly all of one, the server is the ' +
    'bottleneck, and the profile below says on what.',
  '',
  '## Server CPU profile during the HTTP runs',
  '',
  ...(profile ? profileTables(profile) : ['(no profile was written)']),
  '',
  '## The pgbench scripts',
  '',
  ...results.flatMap((r) => [
    `### ${r.sort} (${r.statements.length} statements, ${r.feedStatements} of them the feed's)`,
    '',
    '```sql',
    ...r.statements,
    '```',
    '',
  ]),
];
const markdown = lines.join('\n');
console.log(`\n${markdown}`);
console.log(`report written to ${writeReport('pgbench-postgres', markdown)}`);
fs.rmSync(profileDir, { recursive: true, force: true });
