/** Debian's Chromium, unless CHROMIUM_PATH (or CHROME_PATH, as the benchmarks named it) says. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (package `chromium-headless-shell`): the same Chromium build without
 * the browser's windowing and UI layers, which is what the browser tests run in (decision 0081).
 * It denies notifications whatever is granted, so tests of notifications run in `CHROMIUM_PATH`.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Headless, with everything that would reach the network on its own turned off. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
