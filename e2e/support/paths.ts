import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '@annasetu/test-kit';

export { CHROMIUM_PATH, REPO_ROOT, WEB_DIST } from '@annasetu/test-kit';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * The browser most test files run in: Debian's headless shell when it is installed (`.ci/run`
 * installs it), which does the same pages with about a third less CPU; otherwise the full
 * Chromium, so a machine without the package runs the same tests, only slower.
 */
export function headlessShellOrChromium(): string {
  // A browser named by CHROMIUM_PATH alone is the one meant for every file.
  if (process.env.CHROMIUM_PATH && !process.env.CHROMIUM_HEADLESS_SHELL_PATH) return CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}
