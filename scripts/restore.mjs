#!/usr/bin/env node
// Restores a backup made by scripts/backup.mjs into the configured database. Reads the same
// environment as the server.
//   PostgreSQL (DATABASE_URL set): `pg_restore` in one transaction (all or nothing). The target
//     should be an empty database; one that already holds tables is refused unless --force, which
//     drops and recreates every object the backup contains. Stop the app servers first.
//   Embedded (PGlite in DATA_DIR/db): the tarball becomes the data directory. Takes the data
//     directory's lock, so the server must be stopped (a running server makes it refuse, exit 75).
//     An existing database is refused unless --force, which moves it aside to
//     DATA_DIR/db.before-restore-<timestamp> (nothing is deleted).
// Usage: node scripts/restore.mjs <backup file> [--force]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const { loadConfig, ConfigError } = await import('../apps/server/src/config/env.ts');
const { lockDataDir, DataDirLockedError } = await import('../apps/server/src/db/lock.ts');
const { PGlite } = await import('@electric-sql/pglite');

function fail(message, code = 1) {
  console.error(`restore: ${message}`);
  process.exit(code);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) fail('usage: node scripts/restore.mjs <backup file> [--force]', 2);
const backup = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (!fs.existsSync(backup)) fail(`no such file: ${backup}`, 2);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 78);
  throw error;
}

const header = Buffer.alloc(5);
const fd = fs.openSync(backup, 'r');
fs.readSync(fd, header, 0, 5, 0);
fs.closeSync(fd);
// pg_dump's custom format starts with "PGDMP"; a PGlite dump is a gzip (1f 8b) or a tar.
const kind = header.toString('latin1') === 'PGDMP' ? 'postgres' : 'pglite';
if (kind !== config.database.kind) {
  fail(
    `${path.basename(backup)} is a ${kind} backup but the configured database is ` +
      `${config.database.kind} (${config.database.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'})`,
    2,
  );
}

if (config.database.kind === 'postgres') {
  const raw = config.database.url;
  const client = new pg.Client({ connectionString: raw });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  await client.end();
  const existing = rows[0].n;
  if (existing > 0 && !force) {
    fail(
      `the target database already holds ${existing} tables; restore into an empty database, ` +
        'or pass --force to replace every object the backup contains',
    );
  }
  const parsed = new URL(raw);
  const env = {};
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  const result = spawnSync(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(existing > 0 ? ['--clean', '--if-exists'] : []),
      '--dbname',
      parsed.toString(),
      backup,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } },
  );
  if (result.error)
    fail(`could not run pg_restore (${result.error.message}); install postgresql-client`);
  if (result.status !== 0) fail(`pg_restore failed (exit ${result.status}); nothing was changed`);
} else {
  const dbDir = config.database.dataDir;
  let release;
  try {
    release = lockDataDir(dbDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message, 75);
    throw error;
  }
  try {
    if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
      if (!force) {
        release();
        fail(`${dbDir} already holds a database; pass --force to move it aside and restore`);
      }
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const aside = `${dbDir}.before-restore-${stamp}`;
      fs.mkdirSync(aside);
      for (const entry of fs.readdirSync(dbDir)) {
        if (entry !== 'annasetu.lock')
          fs.renameSync(path.join(dbDir, entry), path.join(aside, entry));
      }
      console.log(`restore: the previous database was moved to ${aside}`);
    }
    const pglite = await PGlite.create({
      dataDir: dbDir,
      loadDataDir: new Blob([fs.readFileSync(backup)]),
    });
    // Proves the restored directory opens and holds the schema before we call it done.
    await pglite.query('select count(*) from drizzle.__drizzle_migrations');
    await pglite.close();
  } finally {
    release();
  }
}

console.log(`restore: ${path.basename(backup)} restored into the ${config.database.kind} database`);
