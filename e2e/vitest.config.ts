import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/setup.ts'],
    // One server and one embedded database: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Toasts and lazy pages arrive asynchronously; polls wait up to 10 s for them.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
