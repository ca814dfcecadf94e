#!/usr/bin/env node
// `npm test`: every suite. Unit and server tests (vitest projects domain, test-kit, server, web) while the
// web app builds beside them, then the browser tests run against the real server. Ends with one plain line
// "N passed, N failed, N skipped" summing every suite; exits non-zero on any failure.
// Options: --only <project>[,<project>]  run just those vitest projects; --files <file>[,<file>]
// run just those test files; --engine  only the server files of the PostgreSQL pass
// (scripts/engine-tests.mjs), which CI runs again on a PostgreSQL cluster.
// Each phase ends with its wall time and its slowest files.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineTestFiles } from './engine-tests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(',') : undefined;
// --files <path>[,<path>]: only these test files (paths as vitest takes them).
const filesIndex = process.argv.indexOf('--files');
const files = filesIndex > 0 ? (process.argv[filesIndex + 1]?.split(',') ?? []) : [];
if (process.argv.includes('--engine')) files.push(...engineTestFiles());

const projects = [
  { name: 'domain', config: 'packages/domain/vitest.config.ts' },
  { name: 'test-kit', config: 'packages/test-kit/vitest.config.ts' },
  { name: 'server', config: 'apps/server/vitest.config.ts' },
  { name: 'web', config: 'apps/web/vitest.config.ts' },
  { name: 'e2e', config: 'e2e/vitest.config.ts', needsBuild: true },
].filter((p) => (only ? only.includes(p.name) : true));

const totals = { passed: 0, failed: 0, skipped: 0 };
// Every failed test, named again at the end so the closing lines of a long run say what failed.
const failures = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-tests-'));
let problems = 0;

// Process tests start whole servers and some hold timing bars (health within a second under
// 600 slow clients): run beside other test files on a two-core machine they measure the
// neighbours, not the server. So they run after the rest, one file at a time.
const PROCESS_TESTS = '**/*.process.test.ts';

// Wall time of each phase, printed again at the end.
const phases = [];

function runVitest(names, { label = names.join('-'), extra = [], only = files } = {}) {
  const out = path.join(tmp, `${label}.json`);
  const args = ['vitest', 'run', ...only, ...names.flatMap((n) => ['--project', n]), ...extra];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const started = Date.now();
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  phases.push(`${label}: ${seconds} s`);
  if (!fs.existsSync(out)) {
    console.error(
      `\n[test] vitest produced no results for ${names.join(', ')} (exit ${result.status})`,
    );
    problems += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  printSlowest(label, seconds, report);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // Suites that fail to load count as failures even when they hold no counted test.
  const brokenSuites = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  );
  totals.failed += brokenSuites.length;
  for (const suite of report.testResults) {
    const file = path.relative(root, suite.name);
    if (suite.status === 'failed' && suite.assertionResults.length === 0)
      failures.push(`${file}: ${firstLine(suite.message)}`);
    for (const test of suite.assertionResults.filter((t) => t.status === 'failed'))
      failures.push(`${file} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  if (result.status !== 0 && report.numFailedTests === 0 && brokenSuites.length === 0)
    problems += 1;
}

/** The phase's wall time and its slowest files: where the time of a run goes. */
function printSlowest(label, seconds, report, count = 8) {
  const slowest = report.testResults
    .map((suite) => ({
      file: path.relative(root, suite.name),
      seconds: (suite.endTime - suite.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  console.log(`\n[test] ${label}: ${seconds} s wall time; slowest files:`);
  for (const each of slowest)
    console.log(`  ${each.seconds.toFixed(1).padStart(7)} s  ${each.file}`);
}

/**
 * A failure in one line that says where: the message's first line, what a browser call was
 * waiting for (Playwright's call log), and the test file's line. A CI log shows only this.
 */
function firstLine(message = '') {
  // Colour codes would hide the patterns below.
  const lines = message
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // Vitest's JSON report keeps only the stack of a time-out, whose first line is the placeholder
  // error it made where the test was declared: say what happened instead.
  const first =
    lines[0] === 'Error: STACK_TRACE_ERROR' ? 'timed out (ran past its time limit)' : lines[0];
  const parts = [first?.slice(0, 240) ?? ''];
  const waiting = lines.find((line) => /^- (waiting for|navigating to)/.test(line));
  if (waiting) parts.push(waiting.slice(2, 200));
  const at = lines.find((line) => /(e2e|apps|packages)\/[^ ]*\.test\.tsx?:\d+/.test(line));
  const where = at?.match(/((?:e2e|apps|packages)\/[^ ):]*\.test\.tsx?:\d+)/)?.[1];
  if (where) parts.push(`at ${where}`);
  return parts.join(' | ');
}

const present = projects.filter((p) => fs.existsSync(path.join(root, p.config)));
for (const missing of projects.filter((p) => !present.includes(p))) {
  console.log(`[test] no ${missing.config}: suite ${missing.name} not present`);
}
const fast = present.filter((p) => !p.needsBuild).map((p) => p.name);

// The web build the browser tests need starts now, beside the unit and server tests: those leave
// gaps on two cores (file imports, waits on the database) that the build fills, so the browser
// phase no longer waits a minute for it. Its output is printed when the browser phase begins.
const webBuild = present.some((p) => p.needsBuild) ? startWebBuild() : undefined;

function startWebBuild() {
  const log = path.join(tmp, 'web-build.log');
  const out = fs.openSync(log, 'w');
  // The build times itself: this process sits in the tests' spawnSync meanwhile and hears of
  // the build's end only when they are done.
  const child = spawn(
    'bash',
    [
      '-c',
      'SECONDS=0; npm run build; status=$?; echo "[test] web build: $SECONDS s"; exit $status',
    ],
    { cwd: root, stdio: ['ignore', out, out] },
  );
  return new Promise((resolve) => {
    child.on('close', (status) => {
      fs.closeSync(out);
      resolve({ status, log });
    });
    child.on('error', (error) => {
      fs.appendFileSync(log, `\n${error.message}\n`);
    });
  });
}
const isProcessTest = (file) => file.endsWith('.process.test.ts');
if (fast.length > 0 && files.length > 0) {
  // Chosen files: process tests among them still run after the rest, one at a time.
  const others = files.filter((file) => !isProcessTest(file));
  const processes = files.filter(isProcessTest);
  if (others.length > 0) runVitest(fast, { only: others });
  if (processes.length > 0) {
    runVitest(fast, {
      label: `${fast.join('-')}-processes`,
      only: processes,
      extra: ['--no-file-parallelism'],
    });
  }
} else if (fast.length > 0) {
  runVitest(fast, { extra: ['--exclude', PROCESS_TESTS] });
  if (fast.includes('server')) {
    console.log('\n[test] server process tests, one file at a time');
    runVitest(['server'], {
      label: 'server-processes',
      extra: ['--no-file-parallelism', 'process.test'],
    });
  }
}

for (const project of present.filter((p) => p.needsBuild)) {
  console.log('\n[test] the web build for the browser tests (started with the first phase)');
  const build = await webBuild;
  process.stdout.write(fs.readFileSync(build.log, 'utf8'));
  if (build.status !== 0) {
    console.error('[test] web build failed: browser tests not run');
    totals.failed += 1;
    continue;
  }
  runVitest([project.name]);
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n[test] phases: ${phases.join(', ')}`);
const failed = totals.failed + problems;
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const failure of failures) console.log(`FAILED: ${failure}`);
}
console.log(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
