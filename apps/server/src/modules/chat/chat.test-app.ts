import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import sessionPlugin from '../../plugins/session.js';
import { createTestDatabase } from '../../test/database.js';
import chatRoutes from './chat.routes.js';

/** A test app that answers POST /chat, with its own database. */
export interface ChatTestApp {
  app: FastifyInstance;
  database: Database;
  /** False until app.ts registers the chat routes itself; then this helper adds nothing. */
  addedByTest: boolean;
  close(): Promise<void>;
}

/**
 * Builds the whole app on a fresh database. When app.ts does not register the chat routes yet,
 * they are added the way app.ts will: inside a scope with the session plugin, without a prefix.
 * `env` is in force while the app is built (the chat module reads CHAT_* and LLM_* then).
 */
export async function createChatTestApp(env: Record<string, string> = {}): Promise<ChatTestApp> {
  const saved = new Map(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_15_MIN: '100000',
      LOGIN_FAILURES_PER_15_MIN: '1000',
      ...env,
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, logger: false });
    const addedByTest = !app.hasRoute({ method: 'POST', url: '/chat' });
    if (addedByTest) {
      await app.register(async (scope) => {
        await scope.register(sessionPlugin, {
          cookieSecure: config.cookieSecure,
          publicUrl: config.publicUrl,
        });
        await scope.register(chatRoutes);
      });
    }
    await app.ready();
    return {
      app,
      database,
      addedByTest,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
