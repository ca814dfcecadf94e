import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer as startKitServer } from '@annasetu/test-kit';
import { WEB_DIST } from './paths';

/** A plain 256 px map tile (light ground, faint grid), inline so no request leaves the machine. */
export const TILE_STUB_URL =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">' +
      '<rect width="256" height="256" fill="#e9efe6"/>' +
      '<path d="M0 .5H256M.5 0V256" stroke="#cfd8cb"/></svg>',
  );

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (API + built web app on one port) with a fresh embedded database in a
 * temporary folder, and waits until /api/health answers. `DATA_DIR` in `extraEnv` names the
 * folder instead; `template` is a data directory whose migrated database is copied in first,
 * so the server starts without migrating (see `prepareTemplate`).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  { template }: { template?: string } = {},
): Promise<RunningServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `apps/web/dist/index.html is missing. Build the web app first: "npm run build" ` +
        `(the root "npm run test:e2e" script does this for you).`,
    );
  }
  let dataDir: string | undefined;
  if (template && !extraEnv.DATA_DIR) {
    dataDir = mkdtempSync(join(tmpdir(), 'annasetu-e2e-'));
    cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
  }
  const server = await startKitServer({
    ready: 'health',
    tempPrefix: 'annasetu-e2e-',
    webDist: WEB_DIST,
    ...(dataDir ? { dataDir } : {}),
    env: {
      NODE_ENV: 'production',
      // Browser tests sign up and in many times from one address.
      AUTH_RATE_LIMIT_PER_15_MIN: '10000',
      // Background jobs every 5 s, not every minute: a recurring donation due at the next
      // minute is posted within seconds of it (e2e/tests/recurring.test.ts).
      JOBS_INTERVAL_MS: '5000',
      // Map tiles come from a local stub: no browser test fetches the internet.
      MAP_TILE_URL: TILE_STUB_URL,
      // Few browser test files ask the assistant: it is built on their first question, so the
      // other files' servers do not spend a second of CPU on it.
      CHAT_WARM_UP: 'false',
      ...extraEnv,
    },
  });
  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    async stop() {
      await server.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data directory holding a migrated, empty database: a server is started on it once and
 * stopped, so every test file's server starts from a copy in a fraction of the time.
 */
export async function prepareTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'annasetu-e2e-template-'));
  const server = await startServer({ DATA_DIR: dir });
  await server.stop();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
