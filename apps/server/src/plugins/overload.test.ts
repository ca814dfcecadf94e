// Both engines: load shedding at the connection pool's limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openPglite, openPostgres, rowsOf, type Database } from '../db/client.js';
import { createTestDatabase, TEST_ENGINE } from '../test/database.js';
import { donationInput, signUp } from '../test/factories.js';
import { DiskPhotoStore, type PhotoStore } from '../modules/uploads/photo-store.js';

// Load shedding on a slow database, on the engine of this run. "Slow" is made for real: on
// PGlite a transaction that keeps the one connection; on PostgreSQL a transaction holding a
// table lock that requests need, or a pool whose connections are all taken.

interface Limits {
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  poolMax: number;
  maxInFlight?: number;
}

interface SlowableApp {
  app: FastifyInstance;
  database: Database;
  /** Makes the database slow until the returned function is called. */
  slowDown(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const opened: SlowableApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function slowableApp(
  limits: Limits,
  env: Record<string, string> = {},
  photoStore?: PhotoStore,
): Promise<SlowableApp> {
  let database: Database;
  let cleanup = async () => {};
  if (TEST_ENGINE === 'postgres') {
    // A database of its own (cloned from the migrated template), opened with these limits.
    const clone = await createTestDatabase();
    database = await openPostgres(clone.url!, limits);
    cleanup = () => clone.close();
  } else {
    const dump = fs.readFileSync(inject('pgliteDumpFile'));
    database = await openPglite({
      loadDataDir: new Blob([dump]),
      acquireTimeoutMs: limits.acquireTimeoutMs,
    });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_15_MIN: '100000',
    MAX_IN_FLIGHT_REQUESTS: String(limits.maxInFlight ?? 200),
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(photoStore ? { photoStore } : {}),
  });
  await app.ready();

  const slowDown = async () => {
    if (database.kind === 'pglite') {
      // PGlite has one connection: a transaction that stays open holds up everyone else.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await held;
      });
      await running;
      return async () => {
        release();
        await holder;
      };
    }
    // Another session locks the event log against writes: reads go on, every state change
    // (which appends to the log) waits on the lock.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table events in share mode');
    return async () => {
      await blocker.query('rollback');
      await blocker.end();
    };
  };

  const t: SlowableApp = {
    app,
    database,
    slowDown,
    async close() {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
  opened.push(t);
  return t;
}

async function donationCount(database: Database, donorId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from donations where donor_id = ${donorId}`,
    ),
  );
  return row!.n;
}

async function eventCount(database: Database, actorId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from events where actor_id = ${actorId} and action = 'donation.created'`,
    ),
  );
  return row!.n;
}

function expectBusy(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json().code).toBe('SERVICE_BUSY');
  expect(response.headers['retry-after']).toBe('2');
}

describe('a slow database', () => {
  it('answers 503 SERVICE_BUSY instead of waiting, writes nothing, and recovers', async () => {
    const t = await slowableApp({ acquireTimeoutMs: 300, statementTimeoutMs: 300, poolMax: 5 });
    const donor = await signUp(t.app, 'restaurant');
    expect(await donationCount(t.database, donor.user.id)).toBe(0);

    const resume = await t.slowDown();
    try {
      // Every answer below arrives while the database is still held up.
      const refused = await donor.client.post('/api/donations', donationInput());
      expectBusy(refused);
      const again = await donor.client.post('/api/donations', donationInput());
      expectBusy(again);

      // Health still answers, with what it knows about the database.
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      const body = health.json();
      if (TEST_ENGINE === 'pglite') {
        expect(health.statusCode).toBe(503);
        expect(body).toMatchObject({ status: 'degraded', database: 'down' });
      } else {
        // Reads are not blocked by the lock on the event log.
        expect(health.statusCode).toBe(200);
        expect(body).toMatchObject({ status: 'ok', database: 'up' });
      }
    } finally {
      await resume();
    }

    // Nothing half-written: on PostgreSQL the donation row was inserted, then rolled back with
    // the event that timed out; on PGlite the refused requests never ran, not even later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await donationCount(t.database, donor.user.id)).toBe(0);
    expect(await eventCount(t.database, donor.user.id)).toBe(0);
    expect(t.app.overload.shed.database).toBeGreaterThanOrEqual(2);

    // Service is back as soon as the database is.
    const accepted = await donor.client.post('/api/donations', donationInput());
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await donationCount(t.database, donor.user.id)).toBe(1);
    expect(await eventCount(t.database, donor.user.id)).toBe(1);
    expect(t.app.overload.inFlight).toBe(0);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')(
    'PostgreSQL: a pool with no free connection answers 503 instead of queueing',
    async () => {
      const t = await slowableApp({ acquireTimeoutMs: 300, statementTimeoutMs: 0, poolMax: 2 });
      const user = await signUp(t.app, 'volunteer');
      const taken = [await t.database.pool!.connect(), await t.database.pool!.connect()];
      try {
        expectBusy(await user.client.get('/api/me'));
        expect(t.database.connections()).toMatchObject({ total: 2, idle: 0 });
      } finally {
        for (const client of taken) client.release();
      }
      expect((await user.client.get('/api/me')).statusCode).toBe(200);
    },
  );

  it('caps API requests in flight: one more is refused at once, health still answers', async () => {
    // Waits on the database are long here, so requests stay in flight while the test looks.
    const t = await slowableApp({
      acquireTimeoutMs: 30_000,
      statementTimeoutMs: 0,
      poolMax: 1,
      maxInFlight: 2,
    });
    const user = await signUp(t.app, 'volunteer');
    let resume: () => Promise<void>;
    let taken: pg.PoolClient | undefined;
    if (TEST_ENGINE === 'pglite') {
      resume = await t.slowDown();
    } else {
      taken = await t.database.pool!.connect();
      resume = async () => taken!.release();
    }
    const waiting = [user.client.get('/api/me'), user.client.get('/api/me')];
    try {
      const deadline = Date.now() + 10_000;
      while (t.app.overload.inFlight < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(t.app.overload.inFlight).toBe(2);

      expectBusy(await user.client.get('/api/me'));
      expectBusy(await user.client.post('/api/donations', donationInput()));
      expect(t.app.overload.shed.in_flight).toBe(2);

      // Not capped: health answers (the database is busy, so it says so), and so does /metrics.
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ database: 'down', status: 'degraded' });
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/^annasetu_http_in_flight 2$/m);
      expect(metrics.body).toMatch(/^annasetu_requests_shed_total\{reason="in_flight"\} 2$/m);
    } finally {
      await resume();
    }
    for (const response of await Promise.all(waiting)) expect(response.statusCode).toBe(200);
    expect(t.app.overload.inFlight).toBe(0);
    expect((await user.client.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses writes at once while the data directory has less free space than DISK_MIN_FREE_MB; reads go on', async () => {
    // No disk has a million megabytes free: every write meets the guard.
    const t = await slowableApp(
      { acquireTimeoutMs: 5_000, statementTimeoutMs: 0, poolMax: 5 },
      { DATA_DIR: process.cwd(), DISK_MIN_FREE_MB: '1000000' },
    );
    const donorsBefore = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from users`),
    )[0]!.n;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { role: 'restaurant' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('STORAGE_UNAVAILABLE');
    expect(refused.headers['retry-after']).toBe('60');
    expect(t.app.overload.shed.storage).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(
      200,
    );
    expect(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from users`),
      )[0]!.n,
    ).toBe(donorsBefore);
  });
});

describe('a disk that refuses writes', () => {
  it('answers a photo upload with 503 STORAGE_UNAVAILABLE (full, then read-only), records nothing, and keeps earlier photos', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-photos-'));
    // The disk store, with the file system's answer injected on demand (we run as root, so
    // permissions would not stop a write here; storage.process.test.ts fills a real disk).
    let refuse: 'ENOSPC' | 'EROFS' | undefined;
    class RefusingStore extends DiskPhotoStore {
      override async put(id: string, data: Buffer): Promise<void> {
        if (refuse) {
          const error = new Error(`${refuse}: write refused`) as NodeJS.ErrnoException;
          error.code = refuse;
          error.syscall = 'write';
          throw error;
        }
        return super.put(id, data);
      }
    }
    const store = new RefusingStore(dir);
    const t = await slowableApp(
      { acquireTimeoutMs: 5_000, statementTimeoutMs: 0, poolMax: 5 },
      {},
      store,
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const volunteer = await signUp(t.app, 'volunteer');
      const jpeg = await sharp({
        create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 60 } },
      })
        .jpeg()
        .toBuffer();
      const upload = async () => {
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
        const response = await fetch(`http://127.0.0.1:${port}/api/uploads/photos`, {
          method: 'POST',
          headers: {
            cookie: [...volunteer.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-csrf-token': volunteer.client.csrfToken!,
          },
          body: form,
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { code?: string; photoId?: string },
        };
      };
      const uploadsRows = async () =>
        rowsOf<{ n: number }>(
          await t.database.db.execute(sql`select count(*)::int as n from uploads`),
        )[0]!.n;

      const kept = await upload();
      expect(kept.status).toBe(201);
      for (const errno of ['ENOSPC', 'EROFS'] as const) {
        refuse = errno;
        const refused = await upload();
        expect(refused).toMatchObject({
          status: 503,
          retryAfter: '60',
          body: { code: 'STORAGE_UNAVAILABLE' },
        });
      }
      expect(await uploadsRows()).toBe(1);
      expect(t.app.overload.shed.storage).toBe(2);
      refuse = undefined;
      const photo = await volunteer.client.get(`/api/uploads/photos/${kept.body.photoId}`);
      expect(photo.statusCode).toBe(200);
      expect((await upload()).status).toBe(201);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
