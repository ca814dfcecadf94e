import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExpiryJob } from '../jobs/expiry.js';
import { createTestApp, TestClient, type TestApp } from '../test/build-app.js';
import { TEST_ENGINE } from '../test/database.js';
import { signUp } from '../test/factories.js';
import { openStream } from '../test/sse.js';

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

async function scrape(app = t.app): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('GET /metrics', () => {
  it('speaks the Prometheus text format with process defaults', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(/^# HELP process_cpu_user_seconds_total /m);
    expect(sample(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests and their latency by route pattern, not by raw URL', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    const countBefore = sample(before, 'http_requests_total', health) ?? 0;
    const latencyBefore = sample(before, 'http_request_duration_seconds_count', health) ?? 0;

    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    const donor = await signUp(t.app, 'restaurant');
    const id = '00000000-0000-4000-8000-00000000abcd';
    expect((await donor.client.get(`/api/donations/${id}`)).statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });

    const after = await scrape();
    expect(sample(after, 'http_requests_total', health)).toBe(countBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_count', health)).toBe(latencyBefore + 3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      latencyBefore + 3,
    );
    expect(
      sample(after, 'http_requests_total', {
        method: 'GET',
        route: '/api/donations/:id',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain('12345');
    expect(sample(after, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(
      1,
    );
  });

  it('follows event streams as they open and close', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const base = sample(await scrape(), 'annasetu_event_streams');
    expect(base).toBe(0);
    const first = await openStream(t.app, volunteer.client);
    const second = await openStream(t.app, volunteer.client);
    expect(first.status).toBe(200);
    await first.waitFor((e) => e.event === 'ready');
    await second.waitFor((e) => e.event === 'ready');
    expect(sample(await scrape(), 'annasetu_event_streams')).toBe(2);
    await first.close();
    await waitUntil(async () => sample(await scrape(), 'annasetu_event_streams') === 1);
    await second.close();
    await waitUntil(async () => sample(await scrape(), 'annasetu_event_streams') === 0);
  });

  it('reports database connections', async () => {
    const text = await scrape();
    const total = sample(text, 'annasetu_db_connections', { state: 'total' });
    const idle = sample(text, 'annasetu_db_connections', { state: 'idle' });
    expect(sample(text, 'annasetu_db_connections', { state: 'waiting' })).toBe(0);
    if (TEST_ENGINE === 'pglite') {
      // The one embedded connection, free between requests.
      expect(total).toBe(1);
      expect(idle).toBe(1);
    } else {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThanOrEqual(total!);
    }
  });

  it('counts push dispatch and expiry runs, and failed runs', async () => {
    const before = await scrape();
    const pushRuns = sample(before, 'annasetu_job_runs_total', { job: 'push' }) ?? 0;
    const expiryRuns = sample(before, 'annasetu_job_runs_total', { job: 'expiry' }) ?? 0;
    expect(sample(before, 'annasetu_job_failures_total', { job: 'expiry' })).toBe(0);

    await t.app.push.drain();
    const outcomes: boolean[] = [];
    const stop = startExpiryJob(t.database, t.app.log, 60_000, (ok) => {
      outcomes.push(ok);
      t.app.metrics.jobRan('expiry', ok);
    });
    await waitUntil(async () => outcomes.length === 1);
    stop();
    t.app.metrics.jobRan('expiry', false);

    const after = await scrape();
    expect(sample(after, 'annasetu_job_runs_total', { job: 'push' })).toBeGreaterThan(pushRuns);
    expect(outcomes).toEqual([true]);
    expect(sample(after, 'annasetu_job_runs_total', { job: 'expiry' })).toBe(expiryRuns + 2);
    expect(sample(after, 'annasetu_job_failures_total', { job: 'expiry' })).toBe(1);
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: this machine only, never through a proxy', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json().code).toBe('NOT_FOUND');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    const overHttp = await fetch(`http://127.0.0.1:${port(t)}/metrics`);
    expect(overHttp.status).toBe(200);
    expect(await overHttp.text()).toContain('annasetu_event_streams');
    // A signed-in user from elsewhere gets no more than anyone else.
    const user = await signUp(t.app, 'restaurant');
    const viaClient = await new TestClient(t.app, { ip: '198.51.100.7' }).request({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(viaClient.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: the bearer token from anywhere, 401 with a code otherwise', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('UNAUTHENTICATED');
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const basic = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      });
      expect(basic.statusCode).toBe(401);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});

function port(app: TestApp): number {
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
