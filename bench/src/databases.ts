// Databases for the scenarios that generate their own data (nearby feed, impact statistics):
// a fresh migrated database per run, and the SQL a server function sends, captured to EXPLAIN.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  openPglite,
  openPostgres,
  type Database,
  type Db,
} from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import * as schema from '../../apps/server/src/db/schema/index.js';

/** The PostgreSQL server to create databases on; empty for PGlite. */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
export const ENGINE: 'postgres' | 'pglite' = ADMIN_URL ? 'postgres' : 'pglite';

/** A database holding nothing but the migrations, and how to point the server at it. */
export interface Fresh {
  database: Database;
  server: { env?: Record<string, string>; dataDir?: string };
  drop(): Promise<void>;
}

/**
 * A new migrated database for one scenario and size: a PGlite data directory, or a database on
 * the PostgreSQL server (the role needs CREATEDB), removed by `drop()`.
 */
export async function freshDatabase(scenario: string, size: number): Promise<Fresh> {
  if (ENGINE === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `annasetu-${scenario}-${size}-`));
    // The server keeps its embedded database in DATA_DIR/db.
    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    await runMigrations(database);
    return {
      database,
      server: { dataDir },
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `annasetu_bench_${scenario}_${size}_${process.pid}`;
  await adminQuery(`drop database if exists ${name}`);
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await runMigrations(database);
  return {
    database,
    server: { env: { DATABASE_URL: url.toString() } },
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The raw SQL text and parameters of every statement one call of `run` sends (Drizzle logger). */
export async function captureQueries(
  database: Database,
  run: (db: Db) => Promise<unknown>,
): Promise<{ text: string; params: unknown[] }[]> {
  const captured: { text: string; params: unknown[] }[] = [];
  const logger: Logger = {
    logQuery(text, params) {
      captured.push({ text, params });
    },
  };
  const traced = (database.kind === 'pglite'
    ? drizzlePglite(database.pglite!, { schema, logger })
    : drizzlePg(database.pool!, { schema, logger })) as unknown as Db;
  await run(traced);
  if (captured.length === 0) throw new Error('no query was sent');
  return captured;
}

export async function rawQuery(
  database: Database,
  text: string,
  params: unknown[],
): Promise<unknown[]> {
  if (database.kind === 'pglite') return (await database.pglite!.query(text, params)).rows;
  return (await database.pool!.query(text, params)).rows;
}
