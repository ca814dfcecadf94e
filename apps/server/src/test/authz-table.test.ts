// Both engines: every route and relation, with fixtures written in SQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
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
  type Fixture,
  type Row,
  type World,
} from './route-harness.js';
import { registeredApiRoutes, ROWS } from './route-table.js';
import {
  FIELD_INVENTORY,
  FIELD_ROWS,
  judgeFields,
  OWN_OR_MODERATION,
  placeParties,
  privateValues,
  PUBLIC_FIELDS,
  responseFields,
  type FieldRow,
} from './field-table.js';

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

  it('answered every call above as the served API description says (status, media type, body)', () => {
    // Every route's success and refusals were seen, so the check covered each operation.
    expect(w.contract.seen.size).toBeGreaterThan(ROWS.length);
    expect(w.contract.problems).toEqual([]);
  });
});

// Who sees whose email, phone, address and point, field by field (field-table.ts).
describe('the private-field table', () => {
  let fw: World;
  beforeAll(async () => {
    fw = await createWorld();
    await placeParties(fw);
  });
  afterAll(async () => {
    await fw?.t.close();
  });

  it('classifies every response field, and has rows for every route answering with a private one', async () => {
    const spec = (await fw.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const fields = responseFields(spec);
    const publicFields = new Set(PUBLIC_FIELDS);
    const unclassified = new Set<string>();
    const uncovered: string[] = [];
    const withRows = new Set(FIELD_ROWS.map((r) => r.route));
    for (const [route, names] of fields) {
      for (const name of names) {
        if (!(name in FIELD_INVENTORY) && !publicFields.has(name)) unclassified.add(name);
      }
      const privateNames = [...names].filter((n) => name(n));
      if (privateNames.length > 0 && !withRows.has(route) && !(route in OWN_OR_MODERATION))
        uncovered.push(`${route}: ${privateNames.join(', ')}`);
    }
    function name(n: string) {
      const kind = FIELD_INVENTORY[n];
      return kind !== undefined && kind !== 'public';
    }
    expect([...unclassified].sort(), 'response fields missing from the inventory').toEqual([]);
    expect(uncovered.sort(), 'routes answering with private fields and no row').toEqual([]);
  });

  const fieldLabel = (row: FieldRow) => `${row.route} (${row.scenario})`;
  it.each(FIELD_ROWS.map((row) => [fieldLabel(row), row] as const))('%s', async (_n, row) => {
    const problems: string[] = [];
    const unsafe = !row.route.startsWith('GET ');
    const shared = unsafe ? undefined : await row.fixture(fw);
    for (const caller of Object.keys(row.sees) as Array<keyof typeof row.sees>) {
      const f = shared ?? (await row.fixture(fw));
      const client = caller === 'anonymous' ? undefined : fw.actors[caller].client;
      if (!client) continue;
      const response = await row.call(client, f, fw);
      if (response.statusCode >= 300) {
        problems.push(`${caller}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        continue;
      }
      const item = row.pick(JSON.parse(response.body), f, fw);
      if (!item) {
        problems.push(`${caller}: the item is not in the answer`);
        continue;
      }
      problems.push(...judgeFields(fw, row, caller, item).map((p) => `${caller}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('puts no private detail in any notification the rows above caused (and so in no push or mail)', async () => {
    const rows = await fw.app.database.db.execute(
      sql`select title, message, data::text as data from notifications`,
    );
    const texts = rowsOf<{ title: string; message: string; data: string }>(rows);
    expect(texts.length).toBeGreaterThan(10);
    const leaks = texts.flatMap((n) =>
      privateValues(fw)
        .filter((v) => `${n.title} ${n.message} ${n.data}`.includes(v))
        .map((v) => `${v} in "${n.message}"`),
    );
    expect(leaks).toEqual([]);
  });

  it('answered every call above as the served API description says', () => {
    expect(fw.contract.problems).toEqual([]);
  });
});
