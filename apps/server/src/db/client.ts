import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';
import { lockDataDir } from './lock.js';
import { gatePglite } from './pglite-gate.js';

export type Schema = typeof schema;
/** The database handle every query function takes: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: query functions accept either, so services can compose them. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

/** An open database with what the app needs to run, check and close it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded instance (tests dump and restore it); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The pool (LISTEN/NOTIFY and advisory locks need a dedicated client); undefined on PGlite. */
  pool?: pg.Pool;
  /** The connection string (LISTEN needs its own connection, outside the pool); PostgreSQL only. */
  url?: string;
  /** Connections now: in all, idle, and callers waiting for one (metrics). */
  connections(): { total: number; idle: number; waiting: number };
}

/** How long a caller may wait for a connection before giving up (load shedding). */
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 5_000;

/** Options for opening the embedded database. */
export interface PgliteOptions {
  dataDir?: string;
  /** A `dumpDataDir()` blob to start from (tests: migrate once, then copy). */
  loadDataDir?: Blob | File;
  /** Skip the directory lock (in-memory test databases). */
  lock?: boolean;
  /** Longest wait for the one connection before ConnectionWaitTimeoutError. */
  acquireTimeoutMs?: number;
  /**
   * PostgreSQL's buffer cache, 128MB when absent. PGlite sets its memory up on every start, and
   * the cache is most of that: a throwaway test database of a few hundred rows starts in about
   * 0.75 s with 16MB against 1.3-2 s with the default.
   */
  sharedBuffers?: string;
}

/**
 * Opens PGlite. PGlite is one connection in one process. It serialises work itself: every
 * query and every transaction takes the same mutex (`_runExclusiveTransaction`), so a query
 * from another request waits until an open transaction commits or rolls back; nothing can
 * interleave inside a transaction. The price: code inside `db.transaction()` must use `tx`,
 * never `db`, or it waits on itself.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const release =
    options.dataDir && options.lock !== false ? lockDataDir(options.dataDir) : () => {};
  try {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // cube: the nearby feed's index (migration 0007); PostgreSQL ships it as a contrib module.
      extensions: { cube },
      // On the command line, not in postgresql.conf: PGlite would write `postgresqlconf` over the
      // data directory's file, and the size would stay after the setting is taken away.
      ...(options.sharedBuffers
        ? {
            startParams: [
              ...PGlite.defaultStartParams,
              '-c',
              `shared_buffers=${options.sharedBuffers}`,
            ],
          }
        : {}),
    });
    const gate = gatePglite(client, options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      pglite: client,
      connections: () => ({
        total: 1,
        idle: gate.busy ? 0 : 1,
        waiting: gate.waiting,
      }),
      async ping() {
        try {
          await client.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          // After a fatal error PGlite would block the process on close; what was committed is
          // already on disk and is recovered on the next start.
          if (!gate.broken) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens a node-postgres pool. The error listener keeps a server restart from crashing us. */
export async function openPostgres(
  url: string,
  options: {
    poolMax?: number;
    logger?: Logger;
    /** Longest wait for a pool connection (pg-pool then fails with a timeout). */
    acquireTimeoutMs?: number;
    /** Server-side limit per statement, lock waits included (0: none). */
    statementTimeoutMs?: number;
  } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    idleTimeoutMillis: 30_000,
    application_name: 'annasetu',
  });
  pool.on('error', (error) => {
    // An idle client lost its connection (database restart, network): the pool replaces it.
    options.logger?.warn({ err: error }, 'database connection lost; the pool will reconnect');
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    url,
    connections: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The rows of a raw `db.execute()` result; both drivers answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
