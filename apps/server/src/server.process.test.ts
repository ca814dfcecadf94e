import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './config/paths.js';
import { TEST_ENGINE } from './test/database.js';

// These tests start the real server process, as `npm start` does, on a temporary data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-process-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForListening(server: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.output().includes('listening on')) return;
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start in time:\n${server.output()}`);
}

describe.skipIf(TEST_ENGINE !== 'pglite')('the server process on the embedded database', () => {
  it('keeps accounts across a restart and refuses a second process on the same data directory', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(port);
    await waitForListening(first);

    const account = {
      role: 'foodbank',
      name: 'Anna Food Bank',
      email: `restart.${Date.now()}@example.in`,
      phone: '+91 98765 00000',
      address: 'Jayanagar, Bengaluru',
      organizationName: 'Anna Food Bank Trust',
      password: 'restart-pass',
      confirmPassword: 'restart-pass',
    };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);

    // Two processes on one PGlite directory would silently lose writes: the second must refuse.
    const second = startServer(await freePort());
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(/in use by another AnnaSetu process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'annasetu.lock'))).toBe(false);

    const again = startServer(port);
    await waitForListening(again);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: unknown }).user).toMatchObject({
      email: account.email,
      role: 'foodbank',
    });
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);

  it('refuses to start on bad configuration and lists every problem', async () => {
    const bad = startServer(await freePort(), { PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).toMatch(/LOG_LEVEL/);
  }, 150_000);
});
