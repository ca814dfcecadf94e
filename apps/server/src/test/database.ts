import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { TEST_SHARED_BUFFERS, withDatabase } from './global-setup.js';

/** Which engine this run tests against. */
export const TEST_ENGINE: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'pglite';

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  if (template) {
    const name = `annasetu_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(template.url, name), { poolMax: 20 });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await cleanup.end();
    };
    return database;
  }
  const dump = fs.readFileSync(inject('pgliteDumpFile'));
  // A test's database holds a few hundred rows: a small buffer cache starts twice as fast.
  return openPglite({ loadDataDir: new Blob([dump]), sharedBuffers: TEST_SHARED_BUFFERS });
}
