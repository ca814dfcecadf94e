import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ROOT } from './paths.js';
import { freePort } from './ports.mjs';

/** A child process whose output is kept (stdout and stderr together) and whose exit is awaited. */
export interface Proc {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts `command` with piped output. */
export function launch(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Proc {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Sends SIGTERM, then SIGKILL if the process is still there after `graceMs`; resolves its code. */
export async function stopProcess(proc: Proc, graceMs = 10_000): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGTERM');
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
    try {
      return await proc.exited;
    } finally {
      clearTimeout(timer);
    }
  }
  return proc.exited;
}

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** DATABASE_URL: empty for the embedded database (the default). */
  databaseUrl?: string;
  /** The built web app to serve; `false` serves none; left out, the server's own default. */
  webDist?: string | false;
  /** More environment; wins over everything above. */
  env?: Record<string, string>;
  /** A command the server runs under, such as `nsenter -t <pid> -m --`. */
  wrapper?: readonly string[];
  /** Node options before the entry point, such as `--cpu-prof`. */
  nodeArgs?: readonly string[];
}

/** A server process as `npm start` runs it (the compiled apps/server/dist/server.mjs). */
export interface ServerProcess extends Proc {
  port: number;
  baseUrl: string;
}

/**
 * Spawns the server and returns at once; wait with `waitForListening` or `waitForHealth`.
 * Logs at `warn`, no demo data, and no test database inherited from the caller's environment.
 */
export function spawnServer(options: ServerProcessOptions): ServerProcess {
  const bundle = ensureServerBundle();
  const node = [process.execPath, ...(options.nodeArgs ?? []), '--enable-source-maps', bundle];
  const [command, ...args] = [...(options.wrapper ?? []), ...node];
  const webDist =
    options.webDist === false ? path.join(options.dataDir, 'no-web') : options.webDist;
  const proc = launch(command!, args, {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      // A test's embedded database holds a few hundred rows: PostgreSQL's 128MB buffer cache,
      // set up on every start, would be most of the server's start (decisions 0078, 0079).
      PGLITE_SHARED_BUFFERS: '16MB',
      ...(webDist === undefined ? {} : { WEB_DIST_DIR: webDist }),
      ...options.env,
    },
  });
  return { ...proc, port: options.port, baseUrl: `http://127.0.0.1:${options.port}` };
}

const SERVER_BUNDLE = path.join(SERVER_ROOT, 'dist', 'server.mjs');
let bundleBuilt = false;

/**
 * Compiles the server from the current sources (about a second), once per test process; a
 * suite's global setup that compiled it already says so in ANNASETU_SERVER_BUNDLE_BUILT, so its
 * workers start servers at once. Returns the bundle's path.
 */
export function ensureServerBundle(): string {
  if (!bundleBuilt && process.env.ANNASETU_SERVER_BUNDLE_BUILT !== '1') {
    execFileSync(process.execPath, [path.join(SERVER_ROOT, 'scripts', 'build-server.mjs')], {
      stdio: 'pipe',
    });
  }
  bundleBuilt = true;
  return SERVER_BUNDLE;
}

/** Waits for the server's "listening on" line; throws with its output if it exits or times out. */
// A cold start (migrations) on a busy two-core machine can take minutes.
export async function waitForListening(server: Proc, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes('listening on')) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with code ${server.child.exitCode}:\n${server.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until GET /api/health answers 2xx; throws with the output if the server exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with code ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/health in time:\n${server.output()}`);
}

export interface StartOptions extends Partial<Omit<ServerProcessOptions, 'port'>> {
  /** What counts as started: the log line (default) or a healthy /api/health. */
  ready?: 'listening' | 'health';
  /** A prefix for the temporary data directory made when `dataDir` is left out. */
  tempPrefix?: string;
  timeoutMs?: number;
}

/** A started server; `stop` ends it and deletes the data directory it made. */
export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ServerProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the server on a free port (a fresh temporary data directory unless one is given). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir =
    options.dataDir ??
    fs.mkdtempSync(path.join(os.tmpdir(), options.tempPrefix ?? 'annasetu-server-'));
  const server = spawnServer({ ...options, dataDir, port: await freePort() });
  const removeDataDir = () => {
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.ready === 'health') await waitForHealth(server, options.timeoutMs);
    else await waitForListening(server, options.timeoutMs);
  } catch (error) {
    server.child.kill('SIGKILL');
    await server.exited;
    removeDataDir();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    port: server.port,
    dataDir,
    process: server,
    output: server.output,
    async stop() {
      await stopProcess(server);
      removeDataDir();
    },
  };
}
