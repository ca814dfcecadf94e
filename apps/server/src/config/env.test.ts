import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('starts with no settings at all: embedded database under ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.seedDemo).toBe('auto');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db.example:5432/annasetu',
      DB_POOL_MAX: '25',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db.example:5432/annasetu',
      poolMax: 25,
    });
  });

  it("sizes the embedded database's buffer cache within what PostgreSQL and PGlite hold", () => {
    expect(loadConfig({}).database).not.toHaveProperty('sharedBuffers');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '16MB' }).database).toMatchObject({
      kind: 'pglite',
      sharedBuffers: '16MB',
    });
    for (const good of ['128kB', '16MB', '1GB']) {
      expect(loadConfig({ PGLITE_SHARED_BUFFERS: good }).database, good).toMatchObject({
        sharedBuffers: good,
      });
    }
    for (const bad of ['16', '0MB', '64kB', '2GB', '16 MB', '16mb', '1TB', '16MB\nfsync = off']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must start with postgres/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect(problems).toMatch(/SEED_DEMO/);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('treats empty values as unset and marks cookies secure behind https', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://annasetu.example' });
    expect(config.port).toBe(3000);
    expect(config.cookieSecure).toBe(true);
  });

  it('lists the chat and language-model settings with the others, not as a crash later', () => {
    let caught: unknown;
    try {
      loadConfig({
        CHAT_RATE_LIMIT_PER_MINUTE: '10000',
        LLM_BASE_URL: 'ftp://model.example',
        MAX_STREAMS_PER_USER: '0',
        VAPID_PUBLIC_KEY: 'B'.repeat(87),
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CHAT_RATE_LIMIT_PER_MINUTE: must be a whole number from 1 to 1000/),
        expect.stringMatching(/LLM_BASE_URL must be http\(s\)/),
        expect.stringMatching(/^MAX_STREAMS_PER_USER: /),
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('reads the client limits, with defaults that hold against slow clients', () => {
    expect(loadConfig({}).clients).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 30_000,
      bodyMinBytesPerSecond: 4_096,
      maxBodiesPerAddress: 16,
      maxConnectionsPerAddress: 128,
      maxConnections: 10_000,
      maxStreamsPerUser: 8,
      maxStreamsPerAddress: 64,
      maxStreams: 5_000,
    });
    expect(loadConfig({ CHAT_RATE_LIMIT_PER_MINUTE: '40' }).chat.perMinute).toBe(40);
  });
});
