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
    // Files share their worker's loaded modules instead of importing the whole server again
    // (about 2.5 s of CPU a file): the server suite ran in 367 s instead of about 600 on two
    // cores. Safe because no server test mocks modules or stubs globals, and each file builds
    // its own app and database; a test that needs either belongs in its own project.
    isolate: false,
    sequence: { groupOrder: 1 },
  },
});
