import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '@annasetu/test-kit';

export { CHROMIUM_PATH, REPO_ROOT, WEB_DIST } from '@annasetu/test-kit';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}
