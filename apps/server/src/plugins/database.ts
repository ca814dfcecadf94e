import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import type { CounterStore } from '../lib/counters.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Counters for rate limits and sign-in failures (memory on PGlite, shared on PostgreSQL). */
    counters: CounterStore;
  }
}

/** Makes the open database and counters available to every module. The caller owns closing. */
export default fp(
  async (app, options: { database: Database; counters: CounterStore }) => {
    app.decorate('database', options.database);
    app.decorate('counters', options.counters);
  },
  { name: 'database' },
);
