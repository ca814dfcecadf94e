// Both engines: slow clients against the database's connections.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  spawnServer,
  stopProcess,
  waitForListening,
  waitUntil,
  type ServerProcess,
} from '@annasetu/test-kit';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.js';
import { TEST_ENGINE } from './test/database.js';

// Slow clients against the real server process (`npm start`), as an attacker would send them:
// connections that start a request body and then trickle a byte every two seconds, from one
// address and from many (Linux routes all of 127.0.0.0/8 to loopback, so a socket can be bound
// to any 127.x.y.z; with TRUST_PROXY off the socket's address is the client's address).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-slow-'));
const servers: ServerProcess[] = [];
const sockets: net.Socket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BODY_TIMEOUT_MS = 4_000;
const HEADERS_TIMEOUT_MS = 2_000;
const PROBE_ADDRESS = '127.0.0.99';

function startServer(port: number): ServerProcess {
  const server = spawnServer({
    port,
    dataDir,
    webDist: false,
    env: {
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      SEED_DEMO_HISTORY: 'false',
      BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      // The probe signs in once a second: the per-address sign-in limit is not under test here.
      AUTH_RATE_LIMIT_PER_15_MIN: '1000',
    },
  });
  servers.push(server);
  return server;
}

/** One request from the probe's own address; resolves with its status and time taken. */
function probe(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress: PROBE_ADDRESS,
        agent: false,
        timeout: 5_000,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

interface SlowConnection {
  socket: net.Socket;
  /** What the server answered (empty when it only closed the connection). */
  answer: () => string;
  closedAt: () => number | undefined;
}

/**
 * Starts POST `url` with a 100 kB body and sends one byte of it every 2 s. (A URL the server
 * refuses at once leaves the body to be discarded, which must not take longer.)
 */
function slowBody(port: number, localAddress: string, url = '/api/donations'): SlowConnection {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  let answer = '';
  let closedAt: number | undefined;
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => (closedAt = Date.now()));
  socket.on('connect', () => {
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100000\r\n\r\n{',
    );
  });
  const drip = setInterval(() => {
    if (socket.destroyed) clearInterval(drip);
    else socket.write(' ');
  }, 2_000);
  socket.on('close', () => clearInterval(drip));
  return { socket, answer: () => answer, closedAt: () => closedAt };
}

/** Sends the request line and then a header line every second, never finishing the headers. */
function slowHeaders(port: number, localAddress: string): SlowConnection {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  sockets.push(socket);
  let closedAt: number | undefined;
  socket.on('error', () => undefined);
  socket.on('close', () => (closedAt = Date.now()));
  socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
  let n = 0;
  const drip = setInterval(() => {
    if (socket.destroyed) clearInterval(drip);
    else socket.write(`X-Slow-${n++}: 1\r\n`);
  }, 1_000);
  socket.on('close', () => clearInterval(drip));
  return { socket, answer: () => '', closedAt: () => closedAt };
}

/**
 * A stalled server leaves probes hanging until their 5 s timeout; a working one answers in
 * milliseconds. The bar sits between, wide enough for a loaded two-core machine (a sign-in hashes
 * a password), so it fails for starvation and not for load.
 */
const ANSWERED_WITHIN_MS = 2_500;

/** Probes health and a normal sign-in from another address for `ms`; returns the slowest. */
async function probeFor(port: number, ms: number) {
  const donor = DEMO_ACCOUNTS.find((a) => a.role === 'restaurant')!;
  const until = Date.now() + ms;
  const times = { health: [] as number[], signIn: [] as number[] };
  while (Date.now() < until) {
    const health = await probe(port, 'GET', '/api/health');
    expect(health.status).toBe(200);
    times.health.push(health.ms);
    const signIn = await probe(port, 'POST', '/api/auth/login', {
      email: donor.email,
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    times.signIn.push(signIn.ms);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { health: Math.max(...times.health), signIn: Math.max(...times.signIn), times };
}

describe.skipIf(TEST_ENGINE !== 'pglite' || process.platform !== 'linux')(
  'slow clients against the server process',
  () => {
    it('keeps health and sign-in answering while 300 slow bodies come from one address and 300 from many, and writes nothing for them', async () => {
      const port = await freePort();
      const server = startServer(port);
      await waitForListening(server);
      // The bar is what slow clients do to others, not a cold start: health and sign-in are
      // warmed first (the first sign-in starts the password-hashing worker, JIT, caches).
      const cold = await probeFor(port, 1_000);
      console.log(`before: slowest health ${cold.health} ms, slowest sign-in ${cold.signIn} ms`);
      const startedAt = new Date();

      // 300 from one address: 128 connections are kept (MAX_CONNECTIONS_PER_ADDRESS), 16 of
      // them may send a body at once (MAX_BODIES_PER_ADDRESS); the rest are answered or closed.
      const fromOne = Array.from({ length: 300 }, () => slowBody(port, '127.0.0.10'));
      const headers = Array.from({ length: 20 }, (_, i) => slowHeaders(port, `127.0.1.${i + 1}`));
      const refusedEarly = Array.from({ length: 20 }, (_, i) =>
        slowBody(port, `127.0.3.${i + 1}`, '/api/donations%00'),
      );
      const one = await probeFor(port, 3_000);
      console.log(
        `one address: slowest health ${one.health} ms, slowest sign-in ${one.signIn} ms ` +
          `over ${one.times.health.length} probes`,
      );
      expect(one.health).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(one.signIn).toBeLessThan(ANSWERED_WITHIN_MS);
      const refused = fromOne.filter((c) => c.answer().startsWith('HTTP/1.1 429')).length;
      const closedEarly = fromOne.filter((c) => c.closedAt() !== undefined).length;
      console.log(`one address: ${refused} answered 429, ${closedEarly} closed so far`);
      expect(closedEarly).toBeGreaterThanOrEqual(300 - 16);

      // 300 from 300 addresses: no per-address cap applies; the handler cap is not touched
      // because none of these bodies ever arrives.
      const fromMany = Array.from({ length: 300 }, (_, i) =>
        slowBody(port, `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`),
      );
      const many = await probeFor(port, 3_000);
      console.log(
        `many addresses: slowest health ${many.health} ms, slowest sign-in ${many.signIn} ms ` +
          `over ${many.times.health.length} probes`,
      );
      expect(many.health).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(many.signIn).toBeLessThan(ANSWERED_WITHIN_MS);

      // Headers that never end are cut after HEADERS_TIMEOUT_MS, slow bodies after
      // BODY_TIMEOUT_MS (they average far below the minimum rate); the sweep runs every second.
      await waitUntil(
        'the endless headers to be cut',
        () => headers.every((c) => c.closedAt() !== undefined),
        5_000,
      );
      expect(headers.filter((c) => c.closedAt() === undefined)).toHaveLength(0);
      expect(refusedEarly.every((c) => c.answer().startsWith('HTTP/1.1 400'))).toBe(true);
      const all = [...fromOne, ...fromMany, ...refusedEarly];
      await waitUntil(
        'every slow connection to be closed',
        () => all.every((c) => c.closedAt() !== undefined),
        BODY_TIMEOUT_MS + 5_000,
      );
      expect(all.filter((c) => c.closedAt() === undefined)).toHaveLength(0);
      expect(all.filter((c) => c.answer().startsWith('HTTP/1.1 5'))).toHaveLength(0);

      // Still answering afterwards, and the metrics say what was turned away.
      expect((await probe(port, 'GET', '/api/health')).status).toBe(200);
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const refusedBy = (reason: string) =>
        Number(
          new RegExp(`^annasetu_clients_refused_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec(
            metrics,
          )?.[1] ?? 0,
        );
      console.log(
        `turned away: ${refusedBy('connection')} connections, ${refusedBy('body_budget')} ` +
          `bodies over the per-address budget, ${refusedBy('slow_body')} slow bodies cut`,
      );
      expect(refusedBy('body_budget')).toBeGreaterThan(0);
      expect(refusedBy('slow_body')).toBeGreaterThanOrEqual(300);

      // Nothing half-written: no donation and no event since the attack started.
      await stopProcess(server);
      const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
      try {
        const [row] = rowsOf<{ donations: number; events: number }>(
          await database.db.execute(sql`select
            (select count(*) from donations where created_at >= ${startedAt.toISOString()})::int as donations,
            (select count(*) from events where created_at >= ${startedAt.toISOString()})::int as events`),
        );
        expect(row).toEqual({ donations: 0, events: 0 });
      } finally {
        await database.close();
      }
    }, 180_000);
  },
);
