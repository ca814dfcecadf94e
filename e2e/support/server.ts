import { existsSync } from 'node:fs';
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
 * temporary folder, and waits until /api/health answers.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `apps/web/dist/index.html is missing. Build the web app first: "npm run build" ` +
        `(the root "npm run test:e2e" script does this for you).`,
    );
  }
  const server = await startKitServer({
    ready: 'health',
    tempPrefix: 'annasetu-e2e-',
    webDist: WEB_DIST,
    env: {
      NODE_ENV: 'production',
      // Browser tests sign up and in many times from one address.
      AUTH_RATE_LIMIT_PER_15_MIN: '10000',
      // Map tiles come from a local stub: no browser test fetches the internet.
      MAP_TILE_URL: TILE_STUB_URL,
      ...extraEnv,
    },
  });
  return { baseUrl: server.baseUrl, dataDir: server.dataDir, stop: server.stop };
}
