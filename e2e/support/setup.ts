import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import { resetFileSettings, takeRouteErrors, takeTrail } from './browser';
import { extrasFor } from './file-servers';
import { startServer } from './server';
import { useServer } from './suite';

// Every test file has a server and a database of its own, started from the migrated template
// before the file's tests are collected: no test sees another file's donations, map pins,
// notifications or rate limits, and files can run side by side.
// A file listed in file-servers.ts gets what it needs beside (an SMSC) and its settings.
resetFileSettings();
const extras = await extrasFor(expect.getState().testPath);
const server = await startServer(extras.env, { template: inject('templateDir') });
useServer(server);
afterAll(async () => {
  await server.stop();
  await extras.stop();
}, 60_000);

// Every browser test fails if any of its pages showed "This page could not be loaded".
afterEach(() => {
  const seen = takeRouteErrors();
  if (seen.length > 0) {
    throw new Error(`The app showed its error screen:\n${seen.join('\n')}`);
  }
});

// A failed test prints where its pages stood: what nobody watched can still be read afterwards.
beforeEach(({ onTestFailed, task }) => {
  takeTrail();
  onTestFailed(() => {
    const trail = takeTrail();
    if (trail.length > 0) console.log(`[trail] ${task.name}:\n  ${trail.join('\n  ')}`);
  });
});
