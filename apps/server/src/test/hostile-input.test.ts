import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { createTestApp, type TestApp, type TestClient } from './build-app.js';
import { postDonation, signInAsAdmin, signUp } from './factories.js';

// Random and hostile input against every API route, as signed-in users of several roles.
// Invariants: never a 5xx; every error has a code and a message; a refused request changes
// nothing (row counts of every table are the same before and after).
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const SKIP = new Set(['GET /api/events', 'POST /api/uploads/photos', 'DELETE /api/me']);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE users; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '\u0000\u0001\u0002',
    '\u202Eevil',
    'नमस्ते 🙏 ಕನ್ನಡ',
    '%00',
    '${7*7}',
    'x'.repeat(5000),
  ),
);
const hostileKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'role',
    'isVerified',
    'tokens',
    'status',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const hostileBody = fc.oneof(fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }), hostileValue);
const hostileId = fc.oneof(
  fc.uuid(),
  hostileString,
  fc.constant('00000000-0000-4000-8000-000000000000'),
);

let t: TestApp;
let clients: TestClient[];
let routes: Array<{ method: string; path: string }>;

async function fingerprint(): Promise<string> {
  const [row] = rowsOf<Record<string, number>>(
    await t.database.db.execute(sql`select
      (select count(*) from users)::int as users, (select count(*) from donations)::int as donations,
      (select count(*) from requests)::int as requests, (select count(*) from collections)::int as collections,
      (select count(*) from notifications)::int as notifications, (select count(*) from events)::int as events,
      (select count(*) from push_subscriptions)::int as push,
      (select coalesce(sum(tokens), 0) from users)::int as tokens`),
  );
  return JSON.stringify(row);
}

beforeAll(async () => {
  t = await createTestApp();
  const donor = await signUp(t.app, 'restaurant');
  await postDonation(donor.client);
  clients = [
    donor.client,
    (await signUp(t.app, 'foodbank')).client,
    (await signUp(t.app, 'volunteer')).client,
    (await signInAsAdmin(t.app)).client,
  ];
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, object>;
  };
  routes = Object.entries(spec.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })))
    .filter((r) => !SKIP.has(`${r.method} ${r.path}`));
});
afterAll(async () => {
  await t?.close();
});

describe('hostile input on every route', () => {
  it('never answers 5xx, always explains errors with a code, and a refusal changes nothing', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(clients.length - 1),
          hostileId,
          hostileBody,
          fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 4 }),
          async (who, id, body, query) => {
            const url =
              route.path.replace(/\{[^}]+\}/g, encodeURIComponent(String(id))) +
              '?' +
              new URLSearchParams(query as Record<string, string>).toString();
            const before = await fingerprint();
            const response = await clients[who]!.request({
              method: route.method,
              url,
              ...(route.method === 'GET'
                ? {}
                : {
                    payload: JSON.stringify(body),
                    headers: { 'content-type': 'application/json' },
                  }),
            });
            if (response.statusCode >= 500)
              problems.push(
                `${route.method} ${route.path} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            if (response.statusCode >= 400) {
              const parsed = response.json() as { code?: unknown; error?: unknown };
              if (typeof parsed.code !== 'string' || typeof parsed.error !== 'string') {
                problems.push(
                  `${route.method} ${route.path} -> ${response.statusCode} without code: ${response.body.slice(0, 200)}`,
                );
              }
              const after = await fingerprint();
              if (after !== before)
                problems.push(
                  `${route.method} ${route.path} -> ${response.statusCode} changed data: ${before} -> ${after}`,
                );
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
