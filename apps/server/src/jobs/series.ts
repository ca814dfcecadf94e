import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { postDueOccurrences } from '../modules/series/series.service.js';
import { startPeriodicJob } from './job-lock.js';

// Series per transaction. Posting costs about 25 ms an occurrence on PGlite (bench/src/series.ts),
// whose one connection serves nothing else meanwhile: small batches let requests in between.
const BATCH = 25;

/**
 * Posts every due occurrence of every active series as of `now` (a parameter, so tests move the
 * clock). Safe to run on any number of instances at once: due series are claimed with
 * `FOR UPDATE SKIP LOCKED` and each occurrence is recorded under a unique constraint first.
 */
export async function runSeriesOnce(
  database: Database,
  now: Date = new Date(),
): Promise<{ series: number; posted: number }> {
  const total = { series: 0, posted: 0 };
  for (;;) {
    const round = await postDueOccurrences(database, now, BATCH);
    total.series += round.series;
    total.posted += round.posted;
    if (round.series < BATCH) return total;
  }
}

/** Runs the series job every `intervalMs` until stopped; a failed run is logged and retried. */
export function startSeriesJob(
  database: Database,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
  onRun?: (ok: boolean) => void,
): () => void {
  return startPeriodicJob(
    'series',
    async () => {
      const { posted } = await runSeriesOnce(database);
      if (posted > 0) logger.info({ posted }, 'recurring donations posted');
    },
    logger,
    intervalMs,
    onRun,
  );
}
