import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository and the server workspace, wherever the caller runs from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_ROOT = path.join(REPO_ROOT, 'apps', 'server');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
