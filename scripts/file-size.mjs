#!/usr/bin/env node
// No source file over 450 lines (decision 0038): a longer file mixes concerns or wants splitting
// along its seams. Data files are exempt and listed below by name, each with what it holds; files
// still waiting for their split are listed with the length they may not grow past. Part of
// `npm run lint`; `node scripts/file-size.mjs` prints the longest files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT = 450;
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'results', 'drizzle']);
// Static files the web app serves as they are (catalogues, fonts, icons), skipped by path: a
// source folder that happens to be named "public" (the public pages' module) is checked.
const SKIP_PATHS = new Set(['apps/web/public']);

/** Data, not code: exempt whatever their length. */
const DATA = new Map([
  ['apps/server/src/modules/chat/eval/questions.ts', 'the assistant’s evaluation questions'],
  ['apps/server/src/test/field-table.ts', 'the response-field visibility table'],
  ['apps/web/src/lib/api/schema.gen.ts', 'the API types generated from the OpenAPI document'],
]);

/** Not data, and over the limit: to be split; until then they may not grow. */
const TO_SPLIT = new Map([]);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (SKIP_PATHS.has(path.relative(root, full).split(path.sep).join('/'))) continue;
    if (entry.isDirectory()) yield* files(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

const lengths = [];
for (const folder of FOLDERS) {
  for (const file of files(path.join(root, folder))) {
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    lengths.push([path.relative(root, file).split(path.sep).join('/'), lines]);
  }
}

const problems = [];
for (const [file, lines] of lengths) {
  if (DATA.has(file)) continue;
  const ceiling = TO_SPLIT.get(file) ?? LIMIT;
  if (lines > ceiling) {
    problems.push(
      TO_SPLIT.has(file)
        ? `${file}: ${lines} lines; it is waiting to be split and may not grow past ${ceiling}`
        : `${file}: ${lines} lines, over ${LIMIT}: split it along its seams (or, if it is data, list it in scripts/file-size.mjs)`,
    );
  }
}
for (const file of [...DATA.keys(), ...TO_SPLIT.keys()]) {
  if (!lengths.some(([f]) => f === file))
    problems.push(`${file} is listed in scripts/file-size.mjs but no longer exists`);
}
for (const file of TO_SPLIT.keys()) {
  const lines = lengths.find(([f]) => f === file)?.[1];
  if (lines !== undefined && lines <= LIMIT) {
    problems.push(
      `${file}: ${lines} lines now; take it off the to-split list in scripts/file-size.mjs`,
    );
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const longest = lengths.sort((a, b) => b[1] - a[1]).slice(0, 5);
console.log(
  `file sizes: none over ${LIMIT} lines but ${DATA.size} data files and ${TO_SPLIT.size} waiting to be split ` +
    `(longest: ${longest.map(([f, n]) => `${path.basename(f)} ${n}`).join(', ')})`,
);
