#!/usr/bin/env node
// Which server test files run a second time on PostgreSQL (CONTRIBUTING, "The PostgreSQL pass").
// A file belongs to that pass when its behaviour can differ between the embedded database and a
// PostgreSQL server: it holds SQL or reads the database directly, runs moves concurrently (locks,
// one winner), or starts whole server processes. Such a file says so in a line of its own,
//   // Both engines: <why>
// and the pass runs exactly those files. `--check` (part of `npm run lint`) fails when a file
// shows one of those signs without the line, so nothing that touches SQL is left out by mistake.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SRC = path.join(root, 'apps', 'server', 'src');
const MARKER = /^\/\/ Both engines: \S/m;

/** What makes a test depend on the engine, each with the reason a failure message gives. */
const SIGNS = [
  [/from 'drizzle-orm'|\bsql`|\browsOf\(|\.execute\(/, 'it runs SQL'],
  [/\.queries\.js'|\/db\/(client|open|migrate)\.js'/, 'it calls the database layer directly'],
  [/Promise\.all(Settled)?\(/, 'it runs requests concurrently'],
  [/\bLISTEN\b|\bNOTIFY\b|pg_notify/, 'it relies on LISTEN/NOTIFY'],
];

function* testFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith('.test.ts')) yield full;
  }
}

/** Every server test file, with whether it is in the PostgreSQL pass and why it should be. */
export function classifyServerTests() {
  return [...testFiles(SERVER_SRC)].sort().map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const reasons = SIGNS.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
    if (file.endsWith('.process.test.ts')) reasons.push('it starts server processes');
    return {
      file: path.relative(root, file).split(path.sep).join('/'),
      marked: MARKER.test(text),
      reasons,
    };
  });
}

/** The files of the PostgreSQL pass, relative to the repository root. */
export function engineTestFiles() {
  return classifyServerTests()
    .filter((test) => test.marked)
    .map((test) => test.file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tests = classifyServerTests();
  const missing = tests.filter((test) => !test.marked && test.reasons.length > 0);
  if (process.argv.includes('--check') && missing.length > 0) {
    console.error(
      missing
        .map(
          (test) =>
            `${test.file}: ${test.reasons.join(', ')}, so it belongs to the PostgreSQL pass: ` +
            `add a line "// Both engines: <why>" (CONTRIBUTING, "The PostgreSQL pass")`,
        )
        .join('\n'),
    );
    process.exit(1);
  }
  const marked = tests.filter((test) => test.marked).length;
  console.log(`PostgreSQL pass: ${marked} of ${tests.length} server test files`);
}
