import pino from 'pino';
import { ConfigError, loadConfig } from '../config/env.js';
import type { Database } from '../db/client.js';
import { DataDirLockedError } from '../db/lock.js';
import { openDatabase } from '../db/open.js';

/** Opens the configured database for a command-line task, with clear messages on failure. */
export async function withDatabase(task: (database: Database) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const database = await openDatabase(config, pino({ level: 'warn' }));
    try {
      await task(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
