import { existsSync } from 'node:fs';

export { REPO_ROOT, WEB_DIST } from '@annasetu/test-kit';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}
