// Both engines: pg_dump and pg_restore, or the embedded copy, under a serving app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from '@annasetu/test-kit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { REPO_ROOT } from './config/paths.js';
import { openPglite, openPostgres, rowsOf, type Database } from './db/client.js';
import { withDatabase } from './test/global-setup.js';
import { TEST_ENGINE, createTestDatabase } from './test/database.js';
import { TestClient } from './test/build-app.js';
import { postDonation, signUp } from './test/factories.js';

// scripts/backup.mjs and scripts/restore.mjs as an operator runs them: fill a database through
// the API, back it up, wipe it, restore it, and compare every table row for row.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  output: string;
}

/** Runs one of the scripts with the server's environment variables. */
async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<Run> {
  const run = launch(process.execPath, [path.join(REPO_ROOT, 'scripts', script), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
  });
  return { code: await run.exited, output: run.output() };
}

type Snapshot = Record<string, string>;

/**
 * Every table's row count and a checksum over all its rows (in a fixed order), and every
 * sequence's position: two snapshots are equal only if the data is the same.
 */
async function snapshot(database: Database): Promise<Snapshot> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`),
  );
  const result: Snapshot = {};
  for (const { schema, name } of tables) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const [row] = rowsOf<{ rows: number; checksum: string }>(
      await database.db.execute(sql`
        select count(*)::int as rows,
          md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as checksum
        from ${table} t`),
    );
    result[`${schema}.${name}`] = `${row!.rows} rows, md5 ${row!.checksum}`;
  }
  const sequences = rowsOf<{ name: string; last: string | null }>(
    await database.db.execute(sql`
      select schemaname || '.' || sequencename as name, last_value::text as last
      from pg_sequences order by 1`),
  );
  for (const s of sequences) result[`sequence ${s.name}`] = s.last ?? 'unused';
  return result;
}

const rowsIn = (snap: Snapshot, table: string) => Number(snap[table]?.split(' ')[0] ?? 0);

/**
 * Fills the database the way users do: accounts, sessions, donations, a request, the
 * notifications and events they cause. Returns a signed-in client to check the session later.
 */
async function fill(
  database: Database,
): Promise<{ donor: TestClient; close: () => Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(work, 'app-data'),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_RATE_LIMIT_PER_15_MIN: '100000',
  });
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.ready();
  const donor = await signUp(app, 'restaurant');
  const bank = await signUp(app, 'foodbank');
  await signUp(app, 'volunteer', { language: 'hi', name: 'स्वयंसेवक राम' });
  for (let i = 0; i < 3; i++) {
    const donation = await postDonation(donor.client, { foodType: `Biryani batch ${i}` });
    const requested = await bank.client.post(`/api/donations/${donation.id}/requests`, {
      notes: 'आज शाम तक ले जाएंगे',
    });
    expect(requested.statusCode, requested.body).toBe(201);
  }
  return {
    donor: donor.client,
    close: async () => {
      // Push and email run after each commit: let them finish, so nothing writes after this.
      await app.push.drain();
      await app.notificationMail.drain();
      await app.close();
    },
  };
}

/** The donor's session from before the backup still works on an app over the restored data. */
async function sessionSurvives(database: Database, donor: TestClient): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(work, 'app-data'),
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const client = new TestClient(app);
    for (const [name, value] of donor.cookies) client.cookies.set(name, value);
    const me = await client.get('/api/me');
    expect(me.statusCode, me.body).toBe(200);
    const mine = await client.get('/api/donations/mine');
    expect(mine.statusCode, mine.body).toBe(200);
  } finally {
    await app.push.drain();
    await app.notificationMail.drain();
    await app.close();
  }
}

function expectFilled(before: Snapshot): void {
  for (const table of [
    'public.users',
    'public.sessions',
    'public.donations',
    'public.requests',
    'public.notifications',
    'public.events',
    'drizzle.__drizzle_migrations',
  ]) {
    expect(rowsIn(before, table), `${table} has rows`).toBeGreaterThan(0);
  }
}

describe.skipIf(TEST_ENGINE !== 'pglite')('backup and restore of the embedded database', () => {
  it('restores every table exactly, and refuses while the server holds the data directory', async () => {
    const dataDir = path.join(work, 'pglite');
    const dbDir = path.join(dataDir, 'db');
    const env = { DATA_DIR: dataDir };
    const file = path.join(work, 'pglite-backup.tar.gz');

    const migrated = new Blob([fs.readFileSync(inject('pgliteDumpFile'))]);
    let database = await openPglite({ dataDir: dbDir, loadDataDir: migrated });
    const { donor, close } = await fill(database);
    await close();
    const before = await snapshot(database);
    expectFilled(before);

    // This process holds the directory, as a running server would: the backup must refuse.
    const refused = await runScript('backup.mjs', ['--out', file], env);
    expect(refused.code, refused.output).toBe(75);
    expect(refused.output).toMatch(/in use by another AnnaSetu process/);
    expect(fs.existsSync(file)).toBe(false);
    await database.close();

    const backup = await runScript('backup.mjs', ['--out', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    // Wipe, then restore.
    fs.rmSync(dbDir, { recursive: true, force: true });
    const restore = await runScript('restore.mjs', [file], env);
    expect(restore.code, restore.output).toBe(0);

    database = await openPglite({ dataDir: dbDir });
    try {
      expect(await snapshot(database)).toEqual(before);
      await sessionSurvives(database, donor);
    } finally {
      await database.close();
    }

    // An existing database is not overwritten by accident; with --force it is moved aside.
    const again = await runScript('restore.mjs', [file], env);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toMatch(/already holds a database/);
    const forced = await runScript('restore.mjs', [file, '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    const aside = fs.readdirSync(dataDir).filter((e) => e.startsWith('db.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, aside[0]!, 'PG_VERSION'))).toBe(true);

    // A PostgreSQL backup is not mistaken for an embedded one.
    const wrongKind = path.join(work, 'fake.dump');
    fs.writeFileSync(wrongKind, 'PGDMP\u0001\u000e\u0000');
    const mismatch = await runScript('restore.mjs', [wrongKind, '--force'], env);
    expect(mismatch.code, mismatch.output).toBe(2);
    expect(mismatch.output).toMatch(/is a postgres backup but the configured database is pglite/);
  }, 240_000);
});

describe.skipIf(TEST_ENGINE !== 'postgres')('backup and restore of a PostgreSQL database', () => {
  it('restores every table exactly into an emptied database, and refuses a non-empty one', async () => {
    const file = path.join(work, 'postgres-backup.dump');
    const database = await createTestDatabase();
    const url = database.url!;
    const name = new URL(url).pathname.slice(1);
    const env = { DATABASE_URL: url };

    const { donor, close } = await fill(database);
    await close();
    const before = await snapshot(database);
    expectFilled(before);

    // pg_dump reads a consistent snapshot: the database stays open, as with servers running.
    const backup = await runScript('backup.mjs', ['--out', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    // Wipe: drop the database and create it again empty.
    await database.close();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }

    const restore = await runScript('restore.mjs', [file], env);
    expect(restore.code, restore.output).toBe(0);

    const restored = await openPostgres(withDatabase(url, name), { poolMax: 4 });
    try {
      expect(await snapshot(restored)).toEqual(before);
      await sessionSurvives(restored, donor);
      const after = await snapshot(restored);

      // Restoring over live data needs --force; without it nothing changes.
      const again = await runScript('restore.mjs', [file], env);
      expect(again.code, again.output).toBe(1);
      expect(again.output).toMatch(/already holds \d+ tables/);
      expect(await snapshot(restored)).toEqual(after);
    } finally {
      await restored.close();
    }

    const forced = await runScript('restore.mjs', [file, '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    const replaced = await openPostgres(withDatabase(url, name), { poolMax: 2 });
    try {
      const snap = await snapshot(replaced);
      // Whatever changed after the first restore is replaced by the backup's state.
      expect(snap).toEqual(before);
    } finally {
      await replaced.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  }, 240_000);
});
