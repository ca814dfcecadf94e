import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type DbOrTx } from '../db/client.js';

/**
 * Advisory-lock numbers of the periodic jobs: the same on every instance, so whoever holds one
 * this tick runs that job's batch and the others skip it.
 */
export const JOB_LOCKS = { expiry: 724_311_002 } as const;

/**
 * Takes the job's transaction-level advisory lock on PostgreSQL (released at commit); false when
 * another instance holds it. PGlite serves one process, which runs one round at a time.
 */
export async function tryJobLock(
  tx: DbOrTx,
  database: Database,
  lock: keyof typeof JOB_LOCKS,
): Promise<boolean> {
  if (database.kind !== 'postgres') return true;
  const [row] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCKS[lock]}) as locked`),
  );
  return row?.locked === true;
}

/**
 * Runs `run` now and every `intervalMs` until stopped, never two rounds at once; a failed round
 * is logged and retried at the next tick. `onRun` hears each round's outcome (metrics).
 */
export function startPeriodicJob(
  name: string,
  run: () => Promise<void>,
  logger: FastifyBaseLogger,
  intervalMs: number,
  onRun?: (ok: boolean) => void,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
      onRun?.(true);
    } catch (err) {
      onRun?.(false);
      logger.error({ err }, `${name} job failed`);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
