#!/usr/bin/env node
// `npm run test:flakes`: runs the browser suite several times with the browser's CPU throttled
// (a cheap phone, a loaded CI machine) and reports every test that failed in any run, with how
// often. A test that fails once in three here fails CI sooner or later: fix it before it lands.
// Options: --runs N (default 3), --slowdown N (default 4, Chromium's CPU throttling rate),
// --files <file>[,<file>] (just those browser test files), --no-build (use apps/web/dist as is),
// --workers N (browser files at a time; default 1: two throttled Chromiums, two servers and
// the test processes on a two-core machine measure the machine, not the app).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(option('runs', '3'));
const slowdown = option('slowdown', '4');
const workers = option('workers', '1');
const files = option('files', '')?.split(',').filter(Boolean) ?? [];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-flakes-'));
/** Failures by test name: in which runs, and the first line of the first message. */
const failures = new Map();
const durations = [];
for (let run = 1; run <= runs; run++) {
  console.log(`\n[flakes] run ${run} of ${runs}, CPU slowed ${slowdown}x`);
  const out = path.join(tmp, `run-${run}.json`);
  const started = Date.now();
  spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...files,
      '--project',
      'e2e',
      // Failures and file times as they happen: a stopped run keeps what it found.
      '--reporter=./scripts/reporters/as-they-come.mjs',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_CPU_SLOWDOWN: slowdown, E2E_WORKERS: workers },
    },
  );
  durations.push(Math.round((Date.now() - started) / 1000));
  if (!fs.existsSync(out)) {
    failures.set(`run ${run}: the suite produced no results`, { runs: [run], message: '' });
    continue;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const suite of report.testResults) {
    const file = path.relative(root, suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === 'failed');
    if (suite.status === 'failed' && failed.length === 0) {
      failed.push({ fullName: '(the file did not load)', failureMessages: [suite.message] });
    }
    for (const test of failed) {
      const name = `${file} > ${test.fullName}`;
      const seen = failures.get(name) ?? { runs: [], message: firstLine(test.failureMessages) };
      seen.runs.push(run);
      failures.set(name, seen);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });

function firstLine(messages = []) {
  return (
    String(messages[0] ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 200) ?? ''
  );
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(
  `\n[flakes] ${runs} runs at ${slowdown}x CPU, ${workers} browser files at a time, ${durations.join(' s, ')} s; load average ${load}`,
);
if (failures.size === 0) {
  console.log('[flakes] no test failed in any run');
} else {
  console.log(`[flakes] ${failures.size} tests failed at least once:`);
  for (const [name, { runs: seen, message }] of failures) {
    console.log(`  ${seen.length}/${runs}  ${name}\n         ${message}`);
  }
}
process.exit(failures.size === 0 ? 0 : 1);
