import { afterAll, beforeAll, describe, inject, it as vitestIt } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, slowed } from './browser';

/** This test file's own server (setup.ts starts it before the file is loaded). */
export let baseUrl = '';
/** That server's data directory (its outbox, uploads and database). */
export let dataDir = '';

/** Called once per file by setup.ts with the file's server. */
export function useServer(server: { baseUrl: string; dataDir: string }) {
  baseUrl = server.baseUrl;
  dataDir = server.dataDir;
}

export interface BrowserSuiteOptions {
  /**
   * Runs the block in the full Chromium instead of the headless shell, which denies
   * notifications whatever a test grants (and so has no push state to show but "blocked").
   */
  notifications?: boolean;
}

/** A describe block with one browser for its tests. */
export function browserSuite(
  name: string,
  body: (ctx: { browser: () => Browser }) => void,
  options: BrowserSuiteOptions = {},
) {
  describe(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launchBrowser(
        inject(options.notifications ? 'chromiumPath' : 'suiteBrowserPath'),
      );
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

/**
 * vitest's `it`, for a test that sets its own time limit: the limit grows on a throttled run
 * (`slowed`), as the configured one does, so a slow phone's run reports races rather than
 * stories that needed their normal time four times over.
 */
export const it = Object.assign(
  (name: string, body: () => Promise<void>, timeout?: number) =>
    vitestIt(name, body, timeout === undefined ? undefined : slowed(timeout)),
  vitestIt,
);
