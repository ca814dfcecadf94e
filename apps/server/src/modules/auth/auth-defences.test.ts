// Both engines: atomic lockout counters under concurrent sign-ins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openPostgres, rowsOf } from '../../db/client.js';
import { TEST_ENGINE } from '../../test/database.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sessions', () => {
  it('ends at logout', async () => {
    const { client } = await signUp(t.app, 'foodbank');
    const sid = client.cookies.get('sid')!;
    const out = await client.post('/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(client.cookies.has('sid')).toBe(false);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${sid}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHENTICATED');
  });

  it('expires on the server when its time is up', async () => {
    const { client, user } = await signUp(t.app, 'volunteer');
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const { client, user } = await signUp(t.app, 'volunteer');
    const token = client.cookies.get('sid')!;
    const rows = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from sessions where user_id = ${user.id}`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('CSRF defence', () => {
  it('refuses a cookie-authenticated change without the token and changes nothing', async () => {
    const { client, user } = await signUp(t.app, 'restaurant');
    const forged = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: `sid=${client.cookies.get('sid')}` },
      payload: { name: 'Hijacked' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_INVALID');
    const wrongToken = await client.patch(
      '/api/me',
      { name: 'Hijacked' },
      { 'x-csrf-token': 'guess' },
    );
    expect(wrongToken.statusCode).toBe(403);
    const me = await client.get('/api/me');
    expect(me.json().user.name).toBe(user.id ? me.json().user.name : '');
    expect(me.json().user.name).not.toBe('Hijacked');
  });

  it('refuses unsafe requests from another origin, sign-in included', async () => {
    const { body } = await signUp(t.app, 'restaurant');
    const response = await new TestClient(t.app).post(
      '/api/auth/login',
      { email: body.email, password: body.password },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_INVALID');
    const sameOrigin = await new TestClient(t.app).post(
      '/api/auth/login',
      { email: body.email, password: body.password },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('trips the per-address limit on sign-in', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_15_MIN: '3' });
    try {
      const client = new TestClient(limited.app, { ip: '203.0.113.7' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await client.post('/api/auth/login', { email: 'a@b.in', password: 'whatever' }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await client.post('/api/auth/login', { email: 'a@b.in', password: 'whatever' });
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('locks one account after repeated failures, from any address, even with the right password', async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_15_MIN: '3' });
    try {
      const { body } = await signUp(limited.app, 'restaurant');
      for (let i = 0; i < 3; i++) {
        const r = await new TestClient(limited.app, { ip: `198.51.100.${i}` }).post(
          '/api/auth/login',
          {
            email: body.email,
            password: 'wrong-pass',
          },
        );
        expect(r.statusCode).toBe(401);
      }
      const right = await new TestClient(limited.app, { ip: '198.51.100.99' }).post(
        '/api/auth/login',
        {
          email: body.email,
          password: body.password,
        },
      );
      expect(right.statusCode).toBe(429);
      expect(right.json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in lockout under a burst of guesses', () => {
  it(`evaluates at most the limit of 50 parallel wrong guesses from 5 addresses (${TEST_ENGINE}${TEST_ENGINE === 'postgres' ? ', two instances' : ''}) and refuses the right password in the burst`, async () => {
    const limit = 10;
    const limited = await createTestApp({ LOGIN_FAILURES_PER_15_MIN: String(limit) });
    // On PostgreSQL half the burst goes through a second instance sharing the database.
    let other: { app: FastifyInstance; close(): Promise<void> } | undefined;
    if (TEST_ENGINE === 'postgres') {
      const url = (limited.database.pool!.options as { connectionString: string }).connectionString;
      const otherDatabase = await openPostgres(url, { poolMax: 10 });
      const otherApp = await buildApp({
        config: limited.config,
        database: otherDatabase,
        logger: false,
      });
      await otherApp.ready();
      other = {
        app: otherApp,
        async close() {
          await otherApp.close();
          await otherDatabase.close();
        },
      };
    }
    try {
      const { body } = await signUp(limited.app, 'restaurant');
      const instances = [limited.app, ...(other ? [other.app] : [])];
      const guesses = Array.from({ length: 50 }, (_, i) =>
        new TestClient(instances[i % instances.length]!, { ip: `198.51.100.${i % 5}` }).post(
          '/api/auth/login',
          { email: body.email, password: `wrong-guess-${i}` },
        ),
      );
      // The right password arrives while the burst is still being answered, once the limit of
      // attempts has been counted.
      const deadline = Date.now() + 5_000;
      while ((await limited.app.counters.peek(`login-fail:${body.email}`)) < limit) {
        if (Date.now() > deadline) throw new Error('the burst was never counted');
        await new Promise((resolve) => setImmediate(resolve));
      }
      const right = new TestClient(instances[instances.length - 1]!, {
        ip: '198.51.100.4',
      }).post('/api/auth/login', { email: body.email, password: body.password });
      const answers = await Promise.all([...guesses, right]);
      const codes = answers.map((r) => r.json().code as string);
      const evaluated = codes.slice(0, 50).filter((c) => c === 'INVALID_CREDENTIALS').length;
      expect(evaluated).toBeLessThanOrEqual(limit);
      expect(evaluated).toBe(limit); // nothing else refused them
      expect(codes.slice(0, 50).filter((c) => c === 'TOO_MANY_LOGIN_ATTEMPTS')).toHaveLength(
        50 - limit,
      );
      expect(answers[50]!.statusCode).toBe(429);
      expect(codes[50]).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    } finally {
      await other?.close();
      await limited.close();
    }
  });

  it('lets the owner in after mistakes below the limit, and a success does not wipe the count', async () => {
    const limited = await createTestApp({ LOGIN_FAILURES_PER_15_MIN: '3' });
    try {
      const { body } = await signUp(limited.app, 'restaurant');
      const client = new TestClient(limited.app, { ip: '198.51.100.50' });
      const wrong = () =>
        client.post('/api/auth/login', { email: body.email, password: 'nope-nope' });
      const right = () =>
        client.post('/api/auth/login', { email: body.email, password: body.password });
      expect((await wrong()).statusCode).toBe(401);
      expect((await wrong()).statusCode).toBe(401);
      // Successes take back their own attempt: signing in again and again never locks.
      for (let i = 0; i < 4; i++) expect((await right()).statusCode).toBe(200);
      // The two earlier failures still count: one more guess, then locked.
      expect((await wrong()).statusCode).toBe(401);
      expect((await wrong()).json().code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
      expect((await right()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
