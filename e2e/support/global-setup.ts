import type { TestProject } from 'vitest/node';
import { ensureServerBundle } from '@annasetu/test-kit';
import { CHROMIUM_PATH, chromiumAvailable, headlessShellOrChromium } from './paths';
import { prepareTemplate } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated data directory each test file's server starts from (see setup.ts). */
    templateDir: string;
    /** Debian's Chromium: for the files that need notifications (see `browserSuite`). */
    chromiumPath: string;
    /** The browser every other file runs in (decision 0081). */
    suiteBrowserPath: string;
  }
}

/**
 * Migrates one database for the whole browser suite; each test file then runs its own server on
 * a copy (setup.ts). Fails the suite loudly when there is no Chromium: a browser suite that
 * skipped itself would pass a gate that tested nothing.
 */
export default async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: the browser tests cannot run. Install Debian's chromium ` +
        `(apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  // The server is compiled once for the run; every file's server then starts from the bundle.
  ensureServerBundle();
  process.env.ANNASETU_SERVER_BUNDLE_BUILT = '1';
  const template = await prepareTemplate();
  project.provide('templateDir', template.dir);
  project.provide('chromiumPath', CHROMIUM_PATH);
  const suiteBrowser = headlessShellOrChromium();
  if (suiteBrowser === CHROMIUM_PATH) {
    console.warn(
      'chromium-headless-shell is not installed: the browser tests run in the full Chromium, ' +
        'which takes about a third more CPU (apt-get install chromium-headless-shell).',
    );
  }
  project.provide('suiteBrowserPath', suiteBrowser);
  return () => template.remove();
}
