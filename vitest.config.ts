import { defineConfig } from 'vitest/config';

// One runner, one project per workspace; `npm test` picks the projects (see scripts/test.mjs).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.*'],
  },
});
