import {
  startServer as startKitServer,
  type RunningServer,
  type StartOptions,
} from '@annasetu/test-kit';

/** A real server process on a free port and a fresh data directory, for measurements. */
export type BenchServer = RunningServer & { engine: 'pglite' | 'postgres' };

export type BenchStartOptions = Pick<StartOptions, 'env' | 'dataDir'>;

/**
 * Starts the server as `npm start` would (the kit's `startServer`), with limits far above what
 * one machine can send: the benchmarks measure the server, not the limiter. PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (or the caller's env gives a DATABASE_URL).
 */
export async function startServer(options: BenchStartOptions = {}): Promise<BenchServer> {
  const env = options.env ?? {};
  const databaseUrl =
    env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const server = await startKitServer({
    ...options,
    databaseUrl,
    tempPrefix: 'annasetu-bench-',
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_15_MIN: '100000000',
      LOGIN_FAILURES_PER_15_MIN: '100000000',
      ...env,
    },
  });
  return { ...server, engine: databaseUrl ? 'postgres' : 'pglite' };
}
