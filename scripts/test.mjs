#!/usr/bin/env node
// `npm test`: every suite. Unit and server tests (vitest projects domain, test-kit, server, web), then the
// web app is built and the browser tests run against the real server. Ends with one plain line
// "N passed, N failed, N skipped" summing every suite; exits non-zero on any failure.
// Options: --only <project>[,<project>]  run just those vitest projects (CI uses it for the
// PostgreSQL pass of the server suite); --files <file>[,<file>]  run just those test files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(',') : undefined;
// --files <path>[,<path>]: only these test files (paths as vitest takes them).
const filesIndex = process.argv.indexOf('--files');
const files = filesIndex > 0 ? (process.argv[filesIndex + 1]?.split(',') ?? []) : [];

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

function runVitest(names, { label = names.join('-'), extra = [] } = {}) {
  const out = path.join(tmp, `${label}.json`);
  const args = ['vitest', 'run', ...files, ...names.flatMap((n) => ['--project', n]), ...extra];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(out)) {
    console.error(
      `\n[test] vitest produced no results for ${names.join(', ')} (exit ${result.status})`,
    );
    problems += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
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

function firstLine(message = '') {
  return (
    message
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 240) ?? ''
  );
}

const present = projects.filter((p) => fs.existsSync(path.join(root, p.config)));
for (const missing of projects.filter((p) => !present.includes(p))) {
  console.log(`[test] no ${missing.config}: suite ${missing.name} not present`);
}
const fast = present.filter((p) => !p.needsBuild).map((p) => p.name);
if (fast.length > 0 && files.length > 0) runVitest(fast);
else if (fast.length > 0) {
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
  console.log('\n[test] building the web app for the browser tests');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[test] web build failed: browser tests not run');
    totals.failed += 1;
    continue;
  }
  runVitest([project.name]);
}

fs.rmSync(tmp, { recursive: true, force: true });
const failed = totals.failed + problems;
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const failure of failures) console.log(`FAILED: ${failure}`);
}
console.log(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
