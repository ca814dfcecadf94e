// Recurring donations at scale: the cost of one round of the series job with 100,000 donations
// and 10,000 active series in the database, when nothing is due (the common minute), and when
// 1,000 series fall due at the same minute (restaurants closing at 21:00). Reports time per
// round and SQL statements per round (captured through the Drizzle logger).
//
// BENCH_SERIES_DONATIONS and BENCH_SERIES_COUNT change the sizes; BENCH_SQL_RUNS the repetitions
// of the idle round.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../apps/server/src/db/client.js';
import { donationSeries } from '../../apps/server/src/db/schema/index.js';
import { runSeriesOnce } from '../../apps/server/src/jobs/series.js';
import { analyze, generateDonations } from './generate.js';
import { writeReport } from './load.js';
import { ENGINE, captureQueries, freshDatabase } from './databases.js';

const DONATIONS = Number(process.env.BENCH_SERIES_DONATIONS ?? 100_000);
const SERIES = Number(process.env.BENCH_SERIES_COUNT ?? 10_000);
const DUE_AT_ONCE = Math.min(1_000, SERIES);
const IDLE_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 50);

const template = {
  cuisine: 'North Indian',
  foodType: 'Dal and rice',
  vegType: 'veg' as const,
  quantity: 30,
  unit: 'meals' as const,
  expiryHours: 4,
  notes: undefined,
  pickupAddress: '12 MG Road, Bengaluru',
  pickupCoordinates: { lat: 12.9756, lng: 77.6066 },
};

/** Statements and milliseconds of one job round at `now`. */
async function round(database: Database, now: Date) {
  let result = { series: 0, posted: 0 };
  const started = performance.now();
  const statements = await captureQueries(database, async (db) => {
    result = await runSeriesOnce({ ...database, db }, now);
  });
  return { ms: performance.now() - started, statements: statements.length, ...result };
}

async function main() {
  const fresh = await freshDatabase('series', DONATIONS);
  const { database } = fresh;
  try {
    const generated = await generateDonations(database, { donations: DONATIONS });
    const donors = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from users where role in ('restaurant', 'mess', 'individual') limit ${SERIES}`,
      ),
    );
    // Series spread over the day; the first DUE_AT_ONCE all fall due at the same instant.
    const dueAt = new Date(Date.now() + 24 * 3_600_000);
    const rows = Array.from({ length: SERIES }, (_, i) => ({
      donorId: donors[i % donors.length]!.id,
      template,
      frequency: 'daily' as const,
      rrule: 'FREQ=DAILY',
      timeOfDay: '21:00',
      timeZone: 'Asia/Kolkata',
      startsOn: '2020-01-01',
      nextOccurrenceAt:
        i < DUE_AT_ONCE ? dueAt : new Date(dueAt.getTime() + (1 + (i % 1439)) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 1_000) {
      await database.db.insert(donationSeries).values(rows.slice(i, i + 1_000));
    }
    await analyze(database);

    const idle: number[] = [];
    let idleStatements = 0;
    for (let i = 0; i < IDLE_RUNS; i += 1) {
      const r = await round(database, new Date(dueAt.getTime() - 60_000));
      idle.push(r.ms);
      idleStatements = r.statements;
    }
    idle.sort((a, b) => a - b);
    const busy = await round(database, new Date(dueAt.getTime() + 60_000));

    const lines = [
      `# Series job at ${DONATIONS.toLocaleString('en-IN')} donations, ${SERIES.toLocaleString('en-IN')} series (${ENGINE})`,
      '',
      `Machine: ${os.cpus().length} cores, Node ${process.version}. Data: ${generated.donations} donations from ${generated.donors} donors.`,
      '',
      '| round | series due | posted | ms | SQL statements |',
      '|---|---:|---:|---:|---:|',
      `| nothing due (median of ${IDLE_RUNS}) | 0 | 0 | ${idle[Math.floor(idle.length / 2)]!.toFixed(1)} | ${idleStatements} |`,
      `| about ${DUE_AT_ONCE} due at once | ${busy.series} | ${busy.posted} | ${busy.ms.toFixed(0)} | ${busy.statements} |`,
      '',
      `Per posted occurrence: ${(busy.ms / Math.max(1, busy.posted)).toFixed(2)} ms, ${(busy.statements / Math.max(1, busy.posted)).toFixed(1)} statements.`,
      '',
    ];
    const report = lines.join('\n');
    console.log(report);
    console.log(`report: ${writeReport(`series-${ENGINE}`, report)}`);
  } finally {
    await database.close();
    await fresh.drop();
  }
}

await main();
