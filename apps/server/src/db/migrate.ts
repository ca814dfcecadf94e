import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_DIR } from '../config/paths.js';
import type { Database } from './client.js';

// Any constant works; it only has to be the same in every instance.
const MIGRATION_LOCK_ID = 724_311_001;

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes instances that start
 * together take turns, so each migration runs exactly once.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, {
      migrationsFolder: MIGRATIONS_DIR,
    });
    return;
  }
  const client = await database.pool!.connect();
  try {
    // A migration (or the wait for another instance's) may take longer than a request may.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}
