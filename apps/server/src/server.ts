import pino from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/open.js';
import { DataDirLockedError } from './db/lock.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed.js';
import { deleteExpiredSessions } from './modules/auth/sessions.queries.js';
import { pruneOutbox } from './modules/outbox/outbox.queries.js';
import { PostgresCounterStore } from './lib/counters.js';
import { startExpiryJob } from './jobs/expiry.js';
import { startSeriesJob } from './jobs/series.js';
import { startCoverageJob } from './jobs/coverage.js';
import { startNoShowJob } from './jobs/no-shows.js';
import {
  checkWritable,
  DataDirUnwritableError,
  EXIT_DATA_DIR_UNWRITABLE,
} from './config/data-dir.js';
import { classifyOverload } from './plugins/overload.js';

function createLogger(config: AppConfig) {
  return pino({
    level: config.logLevel,
    ...(config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** Starts the server: configuration, database and migrations, demo data, HTTP, shutdown. */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config);

  // A read-only, full or immutable data directory stops the start with one clear line.
  try {
    checkWritable(
      config.database.kind === 'pglite'
        ? [config.dataDir, config.database.dataDir]
        : [config.dataDir],
    );
  } catch (error) {
    if (error instanceof DataDirUnwritableError) {
      console.error(error.message);
      process.exit(EXIT_DATA_DIR_UNWRITABLE);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(75); // EX_TEMPFAIL
    }
    if (classifyOverload(error)?.code === 'STORAGE_UNAVAILABLE') {
      console.error(
        new DataDirUnwritableError(config.dataDir, (error as { code?: string }).code).message,
      );
      process.exit(EXIT_DATA_DIR_UNWRITABLE);
    }
    throw error;
  }
  logger.info(
    { database: database.kind, ...(database.kind === 'pglite' ? { dataDir: config.dataDir } : {}) },
    'database ready',
  );

  const seed =
    config.seedDemo === 'always' || (config.seedDemo === 'auto' && database.kind === 'pglite');
  if (seed && (await seedDemoData(database, { history: config.seedDemoHistory })).created) {
    logger.info(
      { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => `${a.role}: ${a.email}`) },
      'demo data created: sign in with any of these accounts',
    );
  }

  const app = await buildApp({ config, database, loggerInstance: logger });

  // Housekeeping: expired sessions, rate-limit windows, and old outbox messages and received
  // message ids are removed every 10 minutes.
  const sweep = setInterval(() => {
    void deleteExpiredSessions(database.db).catch((err) =>
      logger.warn({ err }, 'session sweep failed'),
    );
    void pruneOutbox(database.db).catch((err) => logger.warn({ err }, 'outbox sweep failed'));
    if (database.kind === 'postgres') {
      void new PostgresCounterStore(database.db)
        .sweep()
        .catch((err) => logger.warn({ err }, 'rate-limit sweep failed'));
    }
  }, 10 * 60_000);
  sweep.unref();

  const stopExpiry = startExpiryJob(database, app.log, config.jobsIntervalMs, (ok) =>
    app.metrics.jobRan('expiry', ok),
  );
  const stopSeries = startSeriesJob(database, app.log, config.jobsIntervalMs, (ok) =>
    app.metrics.jobRan('series', ok),
  );
  const stopCoverage = startCoverageJob(
    database,
    config.coverage,
    app.log,
    config.jobsIntervalMs,
    (ok) => app.metrics.jobRan('coverage', ok),
  );
  const stopNoShows = startNoShowJob(database, app.log, config.jobsIntervalMs, (ok) =>
    app.metrics.jobRan('no_shows', ok),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    clearInterval(sweep);
    stopExpiry();
    stopSeries();
    stopCoverage();
    stopNoShows();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  logger.info(`listening on ${shown}`);
  console.log(`AnnaSetu is running: listening on ${shown}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
