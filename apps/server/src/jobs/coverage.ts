import type { FastifyBaseLogger } from 'fastify';
import type { CoverageSettings } from '../config/env.js';
import type { Database } from '../db/client.js';
import { escalateDue, type CoverageRound } from '../modules/coverage/coverage.service.js';
import { startPeriodicJob } from './job-lock.js';

// Donations per transaction: small, so requests get the connection in between on PGlite.
const BATCH = 50;

/**
 * Takes every coverage step due at `now`: alert rounds to volunteers, the donor told late in the
 * donation's life (decision 0035). Safe on any number of instances at once: due donations are
 * claimed with `FOR UPDATE SKIP LOCKED`, and an alert is keyed by donation and volunteer.
 */
export async function runCoverageOnce(
  database: Database,
  settings: CoverageSettings,
  now: Date = new Date(),
): Promise<CoverageRound> {
  const total: CoverageRound = { donations: 0, alerted: 0, donorsTold: 0 };
  for (;;) {
    const round = await escalateDue(database, settings, now, BATCH);
    total.donations += round.donations;
    total.alerted += round.alerted;
    total.donorsTold += round.donorsTold;
    if (round.donations < BATCH) return total;
  }
}

/** Runs the escalation every `intervalMs` until stopped; a failed run is logged and retried. */
export function startCoverageJob(
  database: Database,
  settings: CoverageSettings,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
  onRun?: (ok: boolean) => void,
): () => void {
  return startPeriodicJob(
    'coverage',
    async () => {
      const { alerted, donorsTold } = await runCoverageOnce(database, settings);
      if (alerted + donorsTold > 0) logger.info({ alerted, donorsTold }, 'coverage escalated');
    },
    logger,
    intervalMs,
    onRun,
  );
}
