// Both engines: start, health and graceful stop on the engine given.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  signIn,
  signUp,
  spawnServer,
  stopProcess,
  waitForListening,
  type ServerProcess,
} from '@annasetu/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from './test/database.js';

// These tests start the real server process, as `npm start` does, on a temporary data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-process-'));
const servers: ServerProcess[] = [];

afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number, env: Record<string, string> = {}): ServerProcess {
  const server = spawnServer({ port, dataDir, webDist: false, env: { LOG_LEVEL: 'info', ...env } });
  servers.push(server);
  return server;
}

describe.skipIf(TEST_ENGINE !== 'pglite')('the server process on the embedded database', () => {
  it('keeps accounts across a restart and refuses a second process on the same data directory', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitForListening(first);

    const { body: account } = await signUp(first.baseUrl, 'foodbank');

    // Two processes on one PGlite directory would silently lose writes: the second must refuse.
    const second = startServer(await freePort());
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(/in use by another AnnaSetu process \(pid \d+\)/);

    expect(await stopProcess(first)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'annasetu.lock'))).toBe(false);

    const again = startServer(port);
    await waitForListening(again);
    const session = await signIn(again.baseUrl, account.email, account.password);
    const me = await session.call('GET', '/api/me');
    expect(me.body.user).toMatchObject({ email: account.email, role: 'foodbank' });
    expect(await stopProcess(again)).toBe(0);
  }, 300_000);

  it('refuses to start on bad configuration and lists every problem', async () => {
    const bad = startServer(await freePort(), { PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toMatch(/PORT/);
    expect(bad.output()).toMatch(/LOG_LEVEL/);
  }, 150_000);
});
