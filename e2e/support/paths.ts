import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const WEB_DIST = join(REPO_ROOT, 'apps', 'web', 'dist');
export const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'src', 'server.ts');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}
