import fs from 'node:fs';
import { startServer as startKitServer } from '@annasetu/test-kit';

/** A real server process on a free port and a fresh data directory, for measurements. */
export interface BenchServer {
  baseUrl: string;
  engine: 'pglite' | 'postgres';
  /** CPU time (user + system) the server process has used so far, in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
  /** Everything the server wrote to stdout and stderr so far (warnings and errors). */
  output(): string;
}

export interface StartOptions {
  /** Extra environment; DATABASE_URL here points the server at another database. */
  env?: Record<string, string>;
  /** A DATA_DIR prepared by the caller (who also deletes it); otherwise a fresh temp folder. */
  dataDir?: string;
  /** Extra Node options before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/**
 * Starts the server as `npm start` would (the test kit's `startServer`); PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Rate limits are set far above what one machine
 * can send, so the benchmarks measure the server, not the limiter.
 */
export async function startServer(options: StartOptions = {}): Promise<BenchServer> {
  const env = options.env ?? {};
  const databaseUrl =
    env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const server = await startKitServer({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    tempPrefix: 'annasetu-bench-',
    databaseUrl,
    nodeArgs: options.nodeArgs ?? [],
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_15_MIN: '100000000',
      LOGIN_FAILURES_PER_15_MIN: '100000000',
      // The embedded database's own buffer cache, not the test kit's small one: a benchmark
      // measures the server as it runs in production.
      PGLITE_SHARED_BUFFERS: '',
      ...env,
    },
  });
  const pid = server.process.child.pid;
  return {
    baseUrl: server.baseUrl,
    engine: databaseUrl ? 'postgres' : 'pglite',
    output: server.output,
    cpuMs() {
      // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: server.stop,
  };
}
