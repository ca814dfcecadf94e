// Recurring donations and coverage escalation at scale: the cost of one round of the series job
// with 100,000 donations and 10,000 active series in the database, when nothing is due (the
// common minute), and when 1,000 series fall due at the same minute (restaurants closing at
// 21:00); then one round of the coverage escalation job with 10,000 volunteers, idle and with
// 1,000 unclaimed donations due at once. Reports time per round and SQL statements per round
// (captured through the Drizzle logger).
//
// BENCH_SERIES_DONATIONS, BENCH_SERIES_COUNT and BENCH_VOLUNTEERS change the sizes;
// BENCH_SQL_RUNS the repetitions of the idle rounds.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../apps/server/src/db/client.js';
import { WEEKDAYS } from '@annasetu/domain';
import { loadConfig } from '../../apps/server/src/config/env.js';
import {
  donationSeries,
  users,
  volunteerAvailability,
} from '../../apps/server/src/db/schema/index.js';
import { runCoverageOnce } from '../../apps/server/src/jobs/coverage.js';
import { runSeriesOnce } from '../../apps/server/src/jobs/series.js';
import { analyze, generateDonations, insertMany } from './generate.js';
import { writeReport } from './load.js';
import { ENGINE, captureQueries, freshDatabase } from './databases.js';

const DONATIONS = Number(process.env.BENCH_SERIES_DONATIONS ?? 100_000);
const SERIES = Number(process.env.BENCH_SERIES_COUNT ?? 10_000);
const DUE_AT_ONCE = Math.min(1_000, SERIES);
const IDLE_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 50);
const VOLUNTEERS = Number(process.env.BENCH_VOLUNTEERS ?? 10_000);
const ESCALATIONS_AT_ONCE = 1_000;
const coverage = loadConfig({ NODE_ENV: 'test' }).coverage;

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
    lines.push(...(await coverageRounds(database)));
    const report = lines.join('\n');
    console.log(report);
    console.log(`report: ${writeReport(`series-${ENGINE}`, report)}`);
  } finally {
    await database.close();
    await fresh.drop();
  }
}

/**
 * Volunteers around the donors' pickup points (half with availability, some capped), then the
 * escalation job idle and with ESCALATIONS_AT_ONCE unclaimed donations due at their 30% point.
 */
async function coverageRounds(database: Database): Promise<string[]> {
  const points = rowsOf<{ lat: number; lng: number }>(
    await database.db.execute(
      sql`select pickup_lat as lat, pickup_lng as lng from donations order by random() limit ${VOLUNTEERS}`,
    ),
  );
  const volunteers = Array.from({ length: VOLUNTEERS }, (_, i) => {
    const p = points[i % points.length]!;
    return {
      id: crypto.randomUUID(),
      email: `bench.volunteer.${i}@example.in`,
      passwordHash: 'x',
      role: 'volunteer' as const,
      name: `Volunteer ${i + 1}`,
      phone: '+91 90000 00000',
      address: '-',
      lat: p.lat + (Math.random() - 0.5) * 0.15,
      lng: p.lng + (Math.random() - 0.5) * 0.15,
    };
  });
  for (let i = 0; i < volunteers.length; i += 1_000) {
    await insertMany(database, users, volunteers.slice(i, i + 1_000));
  }
  const availability = volunteers
    .filter((_, i) => i % 2 === 0)
    .map((v, i) => ({
      userId: v.id,
      weekdays: [...WEEKDAYS],
      fromTime: '00:00',
      toTime: '23:59',
      timeZone: 'Asia/Kolkata',
      homeLat: v.lat,
      homeLng: v.lng,
      radiusKm: 15,
      maxPickupsPerDay: i % 3 === 0 ? 2 : null,
    }));
  for (let i = 0; i < availability.length; i += 1_000) {
    await database.db.insert(volunteerAvailability).values(availability.slice(i, i + 1_000));
  }
  // Every open volunteer donation waits for a later step; ESCALATIONS_AT_ONCE are at 30% now.
  const now = new Date();
  await database.db.execute(sql`
    update donations set escalate_at = now() + interval '1 day'
    where delivery_method = 'volunteer' and volunteer_id is null and deleted_at is null
      and status in ('pending', 'accepted')`);
  const due = rowsOf<{ id: string }>(
    await database.db.execute(sql`
      select id from donations where escalate_at is not null order by id limit ${ESCALATIONS_AT_ONCE}`),
  );
  for (let i = 0; i < due.length; i += 500) {
    const ids = due.slice(i, i + 500).map((d) => d.id);
    await database.db.execute(sql`
      update donations set created_at = ${new Date(now.getTime() - 0.35 * 4 * 3_600_000)},
        expiry_time = ${new Date(now.getTime() + 0.65 * 4 * 3_600_000)}, escalate_at = ${now}
      where id in ${sql.raw(`('${ids.join("','")}')`)}`);
  }
  await analyze(database);

  const run = async (at: Date) => {
    let result = { donations: 0, alerted: 0, donorsTold: 0 };
    const started = performance.now();
    const statements = await captureQueries(database, async (db) => {
      result = await runCoverageOnce({ ...database, db }, coverage, at);
    });
    return { ms: performance.now() - started, statements: statements.length, ...result };
  };
  const idle: number[] = [];
  let idleStatements = 0;
  for (let i = 0; i < IDLE_RUNS; i += 1) {
    const r = await run(new Date(now.getTime() - 60_000));
    idle.push(r.ms);
    idleStatements = r.statements;
  }
  idle.sort((a, b) => a - b);
  const busy = await run(new Date(now.getTime() + 1_000));
  return [
    `## Coverage escalation with ${VOLUNTEERS.toLocaleString('en-IN')} volunteers`,
    '',
    '| round | donations due | volunteers alerted | ms | SQL statements |',
    '|---|---:|---:|---:|---:|',
    `| nothing due (median of ${IDLE_RUNS}) | 0 | 0 | ${idle[Math.floor(idle.length / 2)]!.toFixed(1)} | ${idleStatements} |`,
    `| ${ESCALATIONS_AT_ONCE} due at once (30% point) | ${busy.donations} | ${busy.alerted} | ${busy.ms.toFixed(0)} | ${busy.statements} |`,
    '',
    `Per donation escalated: ${(busy.ms / Math.max(1, busy.donations)).toFixed(2)} ms, ${(busy.statements / Math.max(1, busy.donations)).toFixed(1)} statements.`,
    '',
  ];
}

await main();
