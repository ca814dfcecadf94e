import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

/** This test file's own server (setup.ts starts it before the file is loaded). */
export let baseUrl = '';
/** That server's data directory (its outbox, uploads and database). */
export let dataDir = '';

/** Called once per file by setup.ts with the file's server. */
export function useServer(server: { baseUrl: string; dataDir: string }) {
  baseUrl = server.baseUrl;
  dataDir = server.dataDir;
}

/** A describe block with one browser for its tests. */
export function browserSuite(name: string, body: (ctx: { browser: () => Browser }) => void) {
  describe(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launchBrowser(inject('chromiumPath'));
    });
    afterAll(async () => {
      await browser?.close();
    });
    body({
      browser: () => {
        if (!browser) throw new Error('Browser not started');
        return browser;
      },
    });
  });
}
