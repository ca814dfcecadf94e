import { defineProject } from 'vitest/config';

// Server tests run against a real database: PGlite by default, PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets its own database cloned from a migrated template).
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are large (hundreds of MB each): two workers fit a 2-core CI machine.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
