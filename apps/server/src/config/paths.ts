import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths inside the repository, independent of the working directory. */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data');
export const DEFAULT_WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');

/** Relative paths given by the user mean "from where I ran the command" (npm sets INIT_CWD). */
export function resolveUserPath(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}
