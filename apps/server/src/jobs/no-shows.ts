import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { settleDueHolds, type NoShowRound } from '../modules/carrying/no-show.service.js';
import { startPeriodicJob } from './job-lock.js';

// Donations per transaction: small, so requests get the connection in between on PGlite.
const BATCH = 50;

/**
 * Takes every no-show step due at `now`: reminders to volunteers holding a grab, then the
 * automatic release at the deadline (decision 0061). Safe on any number of instances at once:
 * due donations are claimed with `FOR UPDATE SKIP LOCKED` and their next step written with them.
 */
export async function runNoShowsOnce(
  database: Database,
  now: Date = new Date(),
): Promise<NoShowRound> {
  const total: NoShowRound = { donations: 0, reminded: 0, released: 0 };
  for (;;) {
    const round = await settleDueHolds(database, now, BATCH);
    total.donations += round.donations;
    total.reminded += round.reminded;
    total.released += round.released;
    if (round.donations < BATCH) return total;
  }
}

/** Runs the no-show job every `intervalMs` until stopped; a failed run is logged and retried. */
export function startNoShowJob(
  database: Database,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
  onRun?: (ok: boolean) => void,
): () => void {
  return startPeriodicJob(
    'no-shows',
    async () => {
      const { reminded, released } = await runNoShowsOnce(database);
      if (reminded + released > 0) logger.info({ reminded, released }, 'no-show steps taken');
    },
    logger,
    intervalMs,
    onRun,
  );
}
