import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from '../../test/build-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test app serving a web build in miniature that `writeDist` lays out in a temporary folder:
 * made before the file's tests, closed and removed after them. `page` asks for a path the way
 * a browser navigating there does.
 */
export function useWebDistApp(writeDist: () => string) {
  let dist = '';
  let t: TestApp | undefined;
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const app = () => t!.app;
  return {
    app,
    dist: () => dist,
    page: (url: string, headers: Record<string, string> = {}) =>
      app().inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } }),
  };
}
