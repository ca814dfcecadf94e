// Both engines: two instances behind nginx sharing one PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, launch, spawnServer, waitUntil, type Proc } from '@annasetu/test-kit';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { TEST_ENGINE, createTestDatabase } from './test/database.js';
import { donationInput } from './test/factories.js';
import { Browser, NGINX, nginxConfig, postFrom, register, type Answer } from './test/nginx-site.js';
import { probed } from './test/probes.js';

// Two real server processes on one PostgreSQL database, behind a real nginx running
// deploy/nginx.conf (round robin). Everything goes through nginx, as a browser's requests would;
// nginx names the instance that answered in a test-only X-Upstream header.

// The deployed limits, not test overrides: the defaults an operator gets.
const LIMITS = loadConfig({}).rateLimit;
// How often each instance runs its background jobs (every minute in production).
const JOBS_INTERVAL_MS = 5_000;

describe.skipIf(
  TEST_ENGINE !== 'postgres' ||
    !probed(Boolean(NGINX), 'the scale-out test needs nginx (Debian: apt-get install nginx)'),
)('two instances behind nginx on one PostgreSQL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-scale-'));
  const procs: Proc[] = [];
  const instances: Proc[] = [];
  let database: Database;
  let base = '';
  let upstreamOf: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    // The nginx worker (nobody, when we are root) must reach its temp folders.
    fs.chmodSync(dir, 0o755);
    const ports = [await freePort(), await freePort()] as [number, number];
    upstreamOf = { [`127.0.0.1:${ports[0]}`]: 'A', [`127.0.0.1:${ports[1]}`]: 'B' };
    for (const [index, port] of ports.entries()) {
      const server = spawnServer({
        port,
        dataDir: path.join(dir, `app${index + 1}`),
        databaseUrl: database.url!,
        webDist: false,
        // Background jobs every 5 s, not every minute: the expiry test sees both instances take
        // several turns in seconds.
        env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info', JOBS_INTERVAL_MS: String(JOBS_INTERVAL_MS) },
      });
      procs.push(server);
      instances.push(server);
    }
    const nginxPort = await freePort();
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, ports));
    const test = spawnSync(
      NGINX!,
      ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`],
      {
        encoding: 'utf8',
      },
    );
    expect(test.status, test.stderr).toBe(0);
    procs.push(
      launch(NGINX!, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
        cwd: dir,
      }),
    );
    for (const server of instances) {
      await waitUntil(
        'both instances to listen',
        () => {
          if (server.child.exitCode !== null)
            throw new Error(`instance exited:\n${server.output()}`);
          return server.output().includes('listening on');
        },
        120_000,
      );
    }
    base = `http://127.0.0.1:${nginxPort}`;
    const nginx = procs.at(-1)!;
    await waitUntil(
      'nginx to answer',
      () => {
        if (nginx.child.exitCode !== null) {
          const logFile = path.join(dir, 'error.log');
          const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
          throw new Error(`nginx exited:\n${nginx.output()}\n${log}`);
        }
        return fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      20_000,
    );
  }, 180_000);

  afterAll(async () => {
    for (const proc of procs) proc.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) => Promise.race([p.exited, new Promise((r) => setTimeout(r, 10_000))])),
    );
    for (const proc of procs) proc.child.kill('SIGKILL');
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers through nginx from both instances, with the proxy request id', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${base}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', databaseKind: 'postgres' });
      seen.add(upstreamOf[response.headers.get('x-upstream') ?? '']!);
      // nginx's $request_id reached the app and came back: logs line up across the hop.
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    expect([...seen].sort()).toEqual(['A', 'B']);
  });

  it('keeps a session made on one instance working on the other, and ends it everywhere', async () => {
    const { browser, user, answer } = await register(base, 'individual');
    const madeOn = upstreamOf[answer.upstream];
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const me = await browser.ask('GET', '/api/me');
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ id: user.id });
      servedBy.add(upstreamOf[me.upstream]!);
    }
    expect([...servedBy].sort()).toEqual(['A', 'B']);

    // A write with the CSRF token from the other instance's session.
    let write;
    do {
      write = await browser.ask('POST', '/api/donations', donationInput());
      expect(write.status, JSON.stringify(write.body)).toBe(201);
    } while (upstreamOf[write.upstream] === madeOn);

    const out = await browser.ask('POST', '/api/auth/logout', {});
    expect(out.status).toBe(204);
    const after = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const me = await browser.ask('GET', '/api/me');
      expect(me.status).toBe(401);
      after.add(upstreamOf[me.upstream]!);
    }
    expect(after.size).toBe(2);
  });

  it('counts sign-in failures and per-address attempts across both instances', async () => {
    const { body } = await register(base, 'foodbank');
    const browser = new Browser(base);
    const login = (email: string, password: string) =>
      browser.ask('POST', '/api/auth/login', { email, password });

    const servedBy = new Set<string>();
    for (let i = 0; i < LIMITS.loginFailuresPer15Min; i++) {
      const wrong = await login(body.email, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      servedBy.add(upstreamOf[wrong.upstream]!);
    }
    // Each instance saw about half of the failures; the shared count still reaches the limit.
    expect([...servedBy].sort()).toEqual(['A', 'B']);
    for (const password of ['not-the-password', body.password]) {
      const blocked = await login(body.email, password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    }

    // The per-address limit on the sign-in route is shared too. These attempts come from
    // another loopback address, each claiming a different X-Forwarded-For: nginx overwrites
    // that header, so they all count against 127.0.0.2 and the attempt after the limit is
    // refused, wherever it lands.
    const limited = new Set<string>();
    let answer: Answer | undefined;
    for (let attempt = 1; attempt <= LIMITS.authPer15Min + 1; attempt++) {
      answer = await postFrom('127.0.0.2', `${base}/api/auth/login`, {
        body: { email: `nobody.${attempt}@example.in`, password: 'whatever-1' },
        headers: { 'x-forwarded-for': `10.9.8.${attempt}` },
      });
      if (attempt <= LIMITS.authPer15Min) {
        expect(answer.body.code, `attempt ${attempt}`).toBe('INVALID_CREDENTIALS');
        limited.add(upstreamOf[answer.upstream]!);
      }
    }
    expect([...limited].sort()).toEqual(['A', 'B']);
    expect(answer!.status).toBe(429);
    expect(answer!.body.code).toBe('RATE_LIMITED');
    // Our own address was not touched by those.
    const mine = await login(`nobody.mine@example.in`, 'whatever-1');
    expect(mine.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('delivers a notification caused by a write on one instance to a stream held by the other', async () => {
    const donor = await register(base, 'restaurant');
    const bank = await register(base, 'foodbank');
    const stream = await donor.browser.stream();
    expect(stream.status).toBe(200);
    const streamOn = upstreamOf[stream.upstream]!;
    await waitUntil('the stream to open', () => stream.count('ready') === 1, 10_000);

    const latencies: number[] = [];
    // Negative when the event reached the stream before the write's answer reached the client.
    const afterAnswer: number[] = [];
    try {
      for (let i = 0; i < 12 && latencies.length < 5; i++) {
        const donation = await donor.browser.ask('POST', '/api/donations', donationInput());
        expect(donation.status).toBe(201);
        const id = (donation.body.donation as { id: string }).id;
        // Round robin: after an answer from the stream's instance, the next request goes to
        // the other one. (Every answer is checked below; this only makes the point likely.)
        let last = donation.upstream;
        while (upstreamOf[last] !== streamOn)
          last = (await bank.browser.ask('GET', '/api/me')).upstream;
        const before = stream.count('notification');
        const sent = performance.now();
        const requested = await bank.browser.ask('POST', `/api/donations/${id}/requests`, {});
        const answered = performance.now();
        expect(requested.status, JSON.stringify(requested.body)).toBe(201);
        await waitUntil(
          'the donor to hear of the request',
          () => stream.count('notification') === before + 1,
          10_000,
        );
        const arrived = stream.events.filter((e) => e.event === 'notification').at(-1)!.at;
        if (upstreamOf[requested.upstream] !== streamOn) {
          latencies.push(arrived - sent);
          afterAnswer.push(arrived - answered);
        }
      }
    } finally {
      await stream.close();
    }
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `scale-out: ${latencies.length} notifications written on the other instance reached the ` +
        `stream on instance ${streamOn}: median ${median.toFixed(1)} ms, max ` +
        `${sorted.at(-1)!.toFixed(1)} ms after the write was sent ` +
        `(its round trip included); ${afterAnswer.map((l) => l.toFixed(1)).join(', ')} ms after ` +
        `its answer arrived`,
    );
  });

  it('expires a due donation exactly once with both instances running their expiry job', async () => {
    const donor = await register(base, 'mess');
    const posted = await donor.browser.ask('POST', '/api/donations', donationInput());
    expect(posted.status).toBe(201);
    const id = (posted.body.donation as { id: string }).id;
    const stream = await donor.browser.stream();
    await waitUntil('the stream to open', () => stream.count('ready') === 1, 10_000);

    const pool = database.pool!;
    await pool.query(
      `update donations set expiry_time = now() - interval '1 second' where id = $1`,
      [id],
    );
    const due = Date.now();
    try {
      // Each instance runs the job every 5 s: the first round after the donation fell due
      // expires it. The budget allows many rounds on a loaded machine (the database's row is
      // waited for first, so a lost stream event and a late job tell themselves apart).
      await waitUntil(
        'the donation to expire',
        async () =>
          (await pool.query('select status from donations where id = $1', [id])).rows[0]?.status ===
          'expired',
        60_000,
        250,
      );
      await waitUntil('the expiry notification', () => stream.count('notification') >= 1, 10_000);
      // Three intervals after it fell due both instances have had at least two turns each:
      // still one notification.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, due + 3 * JOBS_INTERVAL_MS - Date.now())),
      );
      expect(stream.count('notification')).toBe(1);
    } finally {
      await stream.close();
    }

    const donation = await pool.query('select status, is_expired from donations where id = $1', [
      id,
    ]);
    expect(donation.rows[0]).toEqual({ status: 'expired', is_expired: true });
    const notices = await pool.query(
      `select count(*)::int as n from notifications where type = 'donation_expired' and data->>'donationId' = $1`,
      [id],
    );
    expect(notices.rows[0].n).toBe(1);
    const events = await pool.query(
      `select count(*)::int as n from events where entity_id = $1 and action = 'donation.expired'`,
      [id],
    );
    expect(events.rows[0].n).toBe(1);
    const runs = instances.map(
      (server) =>
        server
          .output()
          .split('\n')
          .filter((l) => l.includes('donations expired')).length,
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
  }, 120_000);
});
