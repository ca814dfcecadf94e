import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './config/paths.js';
import { TEST_ENGINE } from './test/database.js';

// kill -9 in the middle of a stream of writes: every write the server acknowledged must be there
// after a restart, and the database must open cleanly.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-crash-'));
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

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      TEST_DATABASE_URL: '',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_15_MIN: '100000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

const account = (i: number) => ({
  role: 'volunteer',
  name: `Crash ${i}`,
  email: `crash.${i}@example.in`,
  phone: '+91 98765 43210',
  address: 'Somewhere',
  password: 'crash-pass',
  confirmPassword: 'crash-pass',
});

describe.skipIf(TEST_ENGINE !== 'pglite')('a crash during writes', () => {
  it('loses no acknowledged write', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await start(port);
    const acknowledged: number[] = [];
    let stop = false;
    // Four writers in parallel until the process dies under them.
    const writers = [0, 1, 2, 3].map(async (w) => {
      for (let i = w; !stop; i += 4) {
        try {
          const response = await fetch(`${base}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(account(i)),
          });
          if (response.status === 201) acknowledged.push(i);
        } catch {
          return; // connection refused or reset: the server is gone
        }
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // The dead process left its lock behind; a new one takes it over and finds every account.
    await start(port);
    const missing: number[] = [];
    for (const i of acknowledged) {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account(i).email, password: 'crash-pass' }),
      });
      if (login.status !== 200) missing.push(i);
    }
    console.log(
      `crash test: ${acknowledged.length} acknowledged sign-ups, ${missing.length} missing after kill -9`,
    );
    expect(missing).toEqual([]);
  }, 300_000);
});
