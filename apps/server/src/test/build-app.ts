import type { Agent } from 'node:https';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../config/env.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './database.js';
import { ContractCheck, observeAnswers } from './contract.js';
import type { Mailer, MailMessage } from '../plugins/mailer.js';

/** A test app with its own database. */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database; generous rate limits unless a test sets its own. Every
 * answer it gives is checked against the API description it serves (test/contract.ts): with
 * `contract` the caller reads the problems itself; otherwise `close()` fails when an answer was
 * not as documented, so each module's own tests hold it to the contract. `checkContract: false`
 * turns the check off, for an app a test breaks on purpose.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    pushAgent?: Agent;
    contract?: ContractCheck;
    checkContract?: boolean;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_15_MIN: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_FAILURES_PER_15_MIN: '1000',
    ...env,
  });
  const database = await createTestDatabase();
  const contract =
    options.contract ?? (options.checkContract === false ? undefined : new ContractCheck());
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    ...(contract ? { observe: (a: FastifyInstance) => observeAnswers(a, contract) } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      if (contract && !options.contract && contract.problems.length > 0) {
        throw new Error(
          `Answers not as the API description says:\n${contract.problems.join('\n')}`,
        );
      }
    },
  };
}

/**
 * A browser-like client: keeps cookies between requests and sends the CSRF header on unsafe
 * methods, as the web app does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { csrf?: boolean; ip?: string } = {},
  ) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('csrf_token');
  }

  async request(
    options: InjectOptions & { method: string; url: string },
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0 && headers.cookie === undefined) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(options.method.toUpperCase());
    if (
      unsafe &&
      this.options.csrf !== false &&
      this.csrfToken &&
      headers['x-csrf-token'] === undefined
    ) {
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({
      ...options,
      headers,
      ...(this.options.ip ? { remoteAddress: this.options.ip } : {}),
    } as InjectOptions);
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      payload: payload as InjectOptions['payload'],
      headers,
    });
  }
  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'PATCH',
      url,
      payload: payload as InjectOptions['payload'],
      headers,
    });
  }
  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'PUT',
      url,
      payload: payload as InjectOptions['payload'],
      headers,
    });
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'DELETE', url, headers });
  }
}

/** A mailer that keeps messages in memory, for tests that read what was sent. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { delivered: true };
  }
  close() {}
  /** Waits until `count` messages were sent (sending happens after the response). */
  async waitFor(count: number, timeoutMs = 5_000): Promise<MailMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.sent.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.sent;
  }
}
