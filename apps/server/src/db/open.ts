import type { Logger } from 'pino';
import type { AppConfig } from '../config/env.js';
import { openPglite, openPostgres, type Database } from './client.js';
import { runMigrations } from './migrate.js';

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: AppConfig, logger?: Logger): Promise<Database> {
  const database =
    config.database.kind === 'postgres'
      ? await openPostgres(config.database.url, {
          poolMax: config.database.poolMax,
          acquireTimeoutMs: config.overload.dbAcquireTimeoutMs,
          statementTimeoutMs: config.overload.dbStatementTimeoutMs,
          ...(logger ? { logger } : {}),
        })
      : await openPglite({
          dataDir: config.database.dataDir,
          ...(config.database.sharedBuffers
            ? { sharedBuffers: config.database.sharedBuffers }
            : {}),
          acquireTimeoutMs: config.overload.dbAcquireTimeoutMs,
        });
  try {
    await runMigrations(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
