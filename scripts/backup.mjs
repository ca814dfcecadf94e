#!/usr/bin/env node
// Backs up the configured database to one file. Reads the same environment as the server.
//   PostgreSQL (DATABASE_URL set): `pg_dump --format=custom`, a consistent snapshot taken while
//     the servers keep running. pg_dump must be at least as new as the server.
//   Embedded (PGlite in DATA_DIR/db): PGlite's dumpDataDir(), a gzipped tarball of the data
//     directory. It takes the data directory's lock, so the server must be stopped first (a
//     running server makes it refuse, exit 75), and a server cannot start while it runs.
// Usage: node scripts/backup.mjs [--out <file>]
//   default file: DATA_DIR/backups/annasetu-<postgres|pglite>-<UTC timestamp>.<dump|tar.gz>
// Copy backups off the machine. Restore with scripts/restore.mjs. Uploaded photos
// (DATA_DIR/uploads) are plain files: copy them too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { loadConfig, ConfigError } = await import('../apps/server/src/config/env.ts');
const { openPglite } = await import('../apps/server/src/db/client.ts');
const { DataDirLockedError } = await import('../apps/server/src/db/lock.ts');

function option(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

function fail(message, code = 1) {
  console.error(`backup: ${message}`);
  process.exit(code);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message, 78);
  throw error;
}

const engine = config.database.kind;
if (engine === 'pglite' && !fs.existsSync(path.join(config.database.dataDir, 'PG_VERSION'))) {
  fail(`no embedded database in ${config.database.dataDir} (is DATA_DIR right?)`, 2);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const out = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  option('--out') ??
    path.join(
      config.dataDir,
      'backups',
      `annasetu-${engine}-${stamp}.${engine === 'postgres' ? 'dump' : 'tar.gz'}`,
    ),
);
fs.mkdirSync(path.dirname(out), { recursive: true });
// Written beside the target and renamed at the end: a failed backup never leaves a file that
// looks complete.
const partial = `${out}.partial`;

if (engine === 'postgres') {
  const { url, env } = connectionFor(config.database.url);
  const result = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', '--file', partial, '--dbname', url],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } },
  );
  if (result.error)
    fail(`could not run pg_dump (${result.error.message}); install postgresql-client`);
  if (result.status !== 0) {
    fs.rmSync(partial, { force: true });
    fail(`pg_dump failed (exit ${result.status})`);
  }
} else {
  let database;
  try {
    database = await openPglite({ dataDir: config.database.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}`, 75);
    throw error;
  }
  try {
    // A checkpoint first, so the copied files hold every committed change.
    await database.pglite.exec('checkpoint');
    const dump = await database.pglite.dumpDataDir('gzip');
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

fs.renameSync(partial, out);
const size = fs.statSync(out).size;
console.log(`backup: ${engine} database written to ${out} (${(size / 1024).toFixed(1)} KiB)`);

/** The URL without its password (kept out of the process list), and the password as PGPASSWORD. */
function connectionFor(raw) {
  const parsed = new URL(raw);
  const env = {};
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { url: parsed.toString(), env };
}
