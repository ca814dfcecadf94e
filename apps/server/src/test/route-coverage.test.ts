import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './build-app.js';
import { ContractCheck } from './contract.js';

// Every API route, and what an anonymous caller gets from it. A route added without a row here
// fails the first test, so nobody ships an endpoint without deciding who may call it. Per-role
// rules are tested beside each module (donations.authz.test.ts, admin.test.ts, ...).
const PUBLIC: Record<string, number> = {
  'GET /api/health': 200,
  'POST /api/auth/register': 400, // open to all; an empty body is refused by validation
  'POST /api/auth/login': 400,
  'POST /api/auth/logout': 204,
  'POST /api/auth/forgot-password': 400,
  'POST /api/auth/reset-password': 400,
  // Sign-in by phone (decision 0060).
  'POST /api/auth/otp/request': 400,
  'POST /api/auth/otp/verify': 400,
  'GET /api/push/public-key': 200,
  // A calendar feed's secret address is its only credential: an unknown one is not found.
  'GET /api/calendar/{file}': 404,
  // No session: a bearer METRICS_TOKEN, or without one loopback only (inject comes from
  // 127.0.0.1); other callers get 404/401 (plugins/metrics.test.ts).
  'GET /metrics': 200,
  // Public impact figures and open data (decision 0033); an organisation card only while on.
  'GET /api/public/impact': 200,
  'GET /api/public/impact.csv': 200,
  'GET /api/public/orgs/{slug}': 404,
  'GET /api/public/orgs/{slug}/badge.svg': 404,
};
// Seed messages for the two workflow calls that name who must be signed in.
const SPECIAL: Record<string, { status: number; code: string }> = {
  'POST /api/donations/{id}/grab': { status: 401, code: 'VOLUNTEER_LOGIN_REQUIRED' },
  'POST /api/collections': { status: 401, code: 'LOGIN_REQUIRED_TO_COLLECT' },
};

let t: TestApp;
let routes: string[];
const contract = new ContractCheck();
beforeAll(async () => {
  t = await createTestApp({}, { contract });
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('every API route', () => {
  it('is listed (the list is long enough to mean something)', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('refuses anonymous callers with 401 and a code unless it is public', async () => {
    const client = new TestClient(t.app);
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');
      const response = await client.request({
        method,
        url,
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      });
      const expected = PUBLIC[route] ?? SPECIAL[route]?.status ?? 401;
      const code = response.headers['content-type']?.toString().includes('json')
        ? response.json().code
        : undefined;
      const expectedCode =
        route in PUBLIC ? undefined : (SPECIAL[route]?.code ?? 'UNAUTHENTICATED');
      if (response.statusCode !== expected || (expectedCode && code !== expectedCode)) {
        failures.push(
          `${route}: ${response.statusCode} ${code ?? ''} (expected ${expected} ${expectedCode ?? ''})`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers anonymous callers as the served API description says', () => {
    expect(contract.seen.size).toBeGreaterThanOrEqual(routes.length);
    expect(contract.problems).toEqual([]);
  });
});
