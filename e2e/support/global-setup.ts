import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, chromiumAvailable } from './paths';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromiumPath: string;
  }
}

/** Starts one server for the whole browser suite; skips the suite loudly when no Chromium. */
export default async function setup(project: TestProject) {
  if (!chromiumAvailable()) {
    const line = '!'.repeat(78);
    console.warn(
      `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}.\n` +
        `!! Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.\n${line}\n`,
    );
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    project.provide('chromiumPath', '');
    return;
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('chromiumPath', CHROMIUM_PATH);
  return async () => {
    await server.stop();
  };
}
