import { defineConfig } from 'vitest/config';

// One runner, one project per workspace; `npm test` picks the projects (see scripts/test.mjs).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where
    // the component tests then took 250 s instead of 155 s. Projects run in the same group must
    // agree on it, so it is set here for all (the server and browser projects set their own).
    maxWorkers: 2,
    // The component tests run in VM contexts (apps/web/vitest.config.ts), which keep some memory
    // from file to file: a worker's heap reached 977 MB by its last file. One that passes this
    // is replaced before its next file, well before Node's own heap limit on an 8 GB machine
    // (about 2 GB). Vitest reads it here only, not from a project's config.
    vmMemoryLimit: '1GB',
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.*'],
  },
});
