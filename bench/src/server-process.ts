import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server');

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

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Extra environment; DATABASE_URL here points the server at another database. */
  env?: Record<string, string>;
  /** A DATA_DIR prepared by the caller (who also deletes it); otherwise a fresh temp folder. */
  dataDir?: string;
  /** Extra Node options before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/** Starts the server as `npm start` would; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export async function startServer(options: StartOptions = {}): Promise<BenchServer> {
  const env = options.env ?? {};
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-bench-'));
  const databaseUrl =
    env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        SEED_DEMO: 'false',
        // Measure the server, not the limiter: limits far above what one machine can send.
        RATE_LIMIT_PER_MINUTE: '100000000',
        AUTH_RATE_LIMIT_PER_15_MIN: '100000000',
        LOGIN_FAILURES_PER_15_MIN: '100000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  // A cold start on a loaded machine can take longer: BENCH_SERVER_START_S (60) seconds.
  const deadline = Date.now() + Number(process.env.BENCH_SERVER_START_S ?? 60) * 1000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    engine: databaseUrl ? 'postgres' : 'pglite',
    output: () => output,
    cpuMs() {
      // /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks of 10 ms.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
