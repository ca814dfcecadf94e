import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import type { CounterStore } from '../lib/counters.js';
import type { Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Counters for rate limits and sign-in failures (memory on PGlite, shared on PostgreSQL). */
    counters: CounterStore;
    mailer: Mailer;
  }
}

/** Makes the database, counters and mailer available to every module. The caller closes the database. */
export default fp(
  async (app, options: { database: Database; counters: CounterStore; mailer: Mailer }) => {
    app.decorate('database', options.database);
    app.decorate('counters', options.counters);
    app.decorate('mailer', options.mailer);
    app.addHook('onClose', async () => options.mailer.close());
  },
  { name: 'database' },
);
