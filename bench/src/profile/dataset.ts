// A fresh database filled by the generator, for the server to start on: a PGlite data directory,
// or a new database on the PostgreSQL server named by BENCH_DATABASE_URL / TEST_DATABASE_URL
// (the role needs CREATEDB). Reopened after the run to check the invariants, then removed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../../apps/server/src/db/client.js';
import { runMigrations } from '../../../apps/server/src/db/migrate.js';
import { analyze, generateDonations, type GenerateSummary } from '../generate.js';
import type { StartOptions as BenchStartOptions } from '../server-process.js';

export interface Dataset {
  engine: 'pglite' | 'postgres';
  summary: GenerateSummary;
  /** How to start the server on this database. */
  server: BenchStartOptions;
  /** Opens the database again (after the server has stopped, for PGlite). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

// The profile measures the built-in chat engine, whatever LLM_BASE_URL the shell has.
const BUILT_IN_CHAT = { LLM_BASE_URL: '' };

/** The PostgreSQL server to use, or '' for PGlite. */
export function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
}

export async function prepareDataset(
  donations: number,
  onProgress?: (done: number, total: number) => void,
): Promise<Dataset> {
  const admin = adminUrl();
  if (!admin) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-profile-'));
    // The server keeps its embedded database in DATA_DIR/db.
    const open = () => openPglite({ dataDir: path.join(dataDir, 'db') });
    const summary = await fill(await open(), donations, onProgress);
    return {
      engine: 'pglite',
      summary,
      server: { dataDir, env: BUILT_IN_CHAT },
      open,
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `annasetu_profile_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const open = () => openPostgres(url.toString());
  try {
    const summary = await fill(await open(), donations, onProgress);
    return {
      engine: 'postgres',
      summary,
      server: { env: { ...BUILT_IN_CHAT, DATABASE_URL: url.toString() } },
      open,
      drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`),
    };
  } catch (error) {
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
    throw error;
  }
}

async function fill(
  database: Database,
  donations: number,
  onProgress?: (done: number, total: number) => void,
): Promise<GenerateSummary> {
  try {
    await runMigrations(database);
    const summary = await generateDonations(database, {
      donations,
      ...(onProgress ? { onProgress } : {}),
    });
    await analyze(database);
    return summary;
  } finally {
    await database.close();
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
