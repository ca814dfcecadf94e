import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

export const baseUrl = inject('baseUrl');
export const dataDir = inject('dataDir');
const chromiumPath = inject('chromiumPath');

/** A describe block that runs only when Chromium exists, with one browser for its tests. */
export function browserSuite(name: string, body: (ctx: { browser: () => Browser }) => void) {
  describe.skipIf(!chromiumPath)(name, () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launchBrowser(chromiumPath);
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
