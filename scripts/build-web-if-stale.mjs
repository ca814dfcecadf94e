#!/usr/bin/env node
// `npm start` builds the web app only when its inputs changed since the last build: a hash of
// every source file of the web app and the domain package, their package manifests and the
// lock file is kept beside the build (apps/web/dist/.build-inputs). `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'apps/web/dist/.build-inputs');
const inputs = ['apps/web', 'packages/domain', 'package-lock.json', 'tsconfig.base.json'];
const skipped = new Set(['node_modules', 'dist', '.vite', 'coverage']);

function* files(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs
    .readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) yield child;
  }
}

const hash = createHash('sha256');
for (const input of inputs) {
  for (const file of files(input)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const digest = hash.digest('hex');
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built === digest && fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('[start] the web app is up to date: build skipped');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stampFile, `${digest}\n`);
