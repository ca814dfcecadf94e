import { defineProject } from 'vitest/config';

// Each file has its own server and database (support/setup.ts), so files run side by side.
const workers = Number(process.env.E2E_WORKERS ?? 2);
// A throttled browser (E2E_CPU_SLOWDOWN, as `npm run test:flakes` sets it) gets as many times
// longer for each test and each wait, so what a throttled run reports is a race, not a test
// that ran out of its normal-speed time. Unthrottled (CI), the factor is 1.
const slowdown = Math.max(1, Number(process.env.E2E_CPU_SLOWDOWN) || 1);

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/setup.ts'],
    // Two files at a time on a two-core machine: each holds a Chromium and a server, and the
    // two keep both cores busy while either one waits on the other's I/O (see the README).
    fileParallelism: workers > 1,
    maxWorkers: workers,
    // Files share a worker's modules (playwright-core, the support code) instead of loading them
    // again for each of the 40 files: a second of CPU per file on a two-core machine. What a file
    // sets for itself is reset in support/setup.ts before it starts.
    isolate: false,
    // A test's own limit only catches a hang: every wait inside it has a limit of its own (10 s
    // for polls, 30 s for locators), which is what reports a missing state. Stories of three
    // phones and twenty steps take 40-70 s on a loaded two-core machine, so one shared limit of
    // 3 minutes, not a patchwork of per-test limits that a busy run crosses (a 60 s limit failed
    // a run whose test had taken 59.6 s in the one before).
    testTimeout: 180_000 * slowdown,
    hookTimeout: 120_000 * slowdown,
    // Toasts and lazy pages arrive asynchronously; polls wait up to 10 s for them.
    expect: { poll: { timeout: 10_000 * slowdown, interval: 100 } },
  },
});
