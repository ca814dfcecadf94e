// npm run bench:profile: a realistic day on the platform, compressed. Generates donations over
// India (BENCH_PROFILE_DONATIONS, default 20,000), starts the real server on them, signs up
// simulated donors, receivers and volunteers (BENCH_PROFILE_USERS, default 300) and lets them
// browse, post, request, grab (several at once), collect, deliver, read notifications, look at
// stats and chat for BENCH_PROFILE_SECONDS (default 30), with think times
// (BENCH_PROFILE_THINK_MS, default 3000). Every latency is reported next to /api/health measured
// in the same run; afterwards the database is checked for invariants. Writes
// bench/results/profile-<engine>-<date>.md. PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (a database is created there and dropped afterwards), PGlite otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './load.js';
import { prepareDataset } from './profile/dataset.js';
import { checkInvariants } from './profile/invariants.js';
import { passed, renderReport } from './profile/report.js';
import { runProfile } from './profile/run.js';
import { startServer } from './server-process.js';

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const DONATIONS = number('BENCH_PROFILE_DONATIONS', 20_000);
const USERS = number('BENCH_PROFILE_USERS', 300);
const SECONDS = number('BENCH_PROFILE_SECONDS', 30);
const THINK_MS = number('BENCH_PROFILE_THINK_MS', 3000);
const CEILING = { connections: 20, seconds: 3 };

console.log(`generating ${DONATIONS} donations ...`);
const dataset = await prepareDataset(DONATIONS);
try {
  const server = await startServer(dataset.server);
  let result: Awaited<ReturnType<typeof runProfile>>;
  let ceiling: number;
  try {
    process.stdout.write(`measuring the /api/health ceiling (${CEILING.seconds} s) ... `);
    ceiling = (
      await measure(
        server.baseUrl,
        { name: 'health', method: 'GET', path: '/api/health', connections: CEILING.connections },
        CEILING.seconds,
      )
    ).requestsPerSecond;
    console.log(`${Math.round(ceiling)} req/s`);
    result = await runProfile({
      baseUrl: server.baseUrl,
      users: USERS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      log: (line) => console.log(line),
    });
  } finally {
    await server.stop();
  }
  // The server's own account of any 5xx (LOG_LEVEL=warn keeps this short).
  const serverLog = server.output().trim();
  const database = await dataset.open();
  let invariants;
  try {
    invariants = await checkInvariants(database);
  } finally {
    await database.close();
  }
  const report = renderReport(result, {
    engine: dataset.engine,
    dataset: dataset.summary,
    healthCeiling: { requestsPerSecond: ceiling, ...CEILING },
    invariants,
  });
  console.log(`\n${report}`);
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  const file = path.join(dir, `profile-${dataset.engine}-${stamp}.md`);
  fs.writeFileSync(file, report);
  console.log(`report written to ${path.relative(process.cwd(), file)}`);
  if (!passed(result, invariants)) {
    if (serverLog)
      console.log(`\nserver output (last lines):\n${serverLog.split('\n').slice(-60).join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await dataset.drop();
}
