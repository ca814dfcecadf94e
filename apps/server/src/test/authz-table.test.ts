import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  codeOf,
  createWorld,
  expectations,
  fingerprint,
  fixtureFor,
  isSuccess,
  isUnsafe,
  judge,
  registeredApiRoutes,
  ROWS,
  type Fixture,
  type Row,
  type World,
} from './route-table.js';

// Every registered API route x every caller -> the status the product rules give (the table is
// in route-table.ts). A route without a row fails the first test. Refused calls must explain
// themselves with a code and change nothing.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  await w?.t.close();
});

const label = (row: Row) => `${row.route}${row.scenario ? ` (${row.scenario})` : ''}`;

describe('the authorization table', () => {
  it('has a row for every registered API route, and no row for a route that does not exist', async () => {
    const spec = (await w.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // API routes: under /api, and the seed's POST /chat. (/config.js, /api/docs and the web app
    // are not part of the API.)
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/') || path === '/chat')
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
    const registered = new Set([...registeredApiRoutes(w.app), ...documented]);
    const covered = new Set(ROWS.map((r) => r.route));
    expect([...registered].filter((r) => !covered.has(r)).sort(), 'routes without a row').toEqual(
      [],
    );
    expect([...covered].filter((r) => !registered.has(r)).sort(), 'rows without a route').toEqual(
      [],
    );
    expect(registered.size).toBeGreaterThan(40);
  });

  it.each(ROWS.map((row) => [label(row), row] as const))('%s', async (_name, row) => {
    const shared: Fixture = row.fixture ? await row.fixture(w) : {};
    const problems: string[] = [];
    for (const [caller, expected] of expectations(row)) {
      const fixture = await fixtureFor(w, row, expected, shared);
      const client = await clientFor(w, row, caller);
      const watch = isUnsafe(row) && !isSuccess(expected);
      const before = watch ? await fingerprint(w) : '';
      const response = await row.call(client, fixture, w);
      const problem = judge(row, fixture, expected, response);
      if (problem) problems.push(`${caller}: ${problem} ${response.body.slice(0, 160)}`);
      if (response.statusCode >= 400 && !codeOf(response))
        problems.push(`${caller}: ${response.statusCode} without an error code`);
      if (watch && response.statusCode >= 400 && (await fingerprint(w)) !== before)
        problems.push(`${caller}: refused with ${response.statusCode} but data changed`);
    }
    expect(problems).toEqual([]);
  });
});
