// The markdown report of a profile run: throughput, every endpoint next to /api/health measured
// in the same run, the workflow it drove, expected conflicts, errors, and the invariants.
import os from 'node:os';
import type { GenerateSummary } from '../generate.js';
import type { InvariantCheck } from './invariants.js';
import type { ProfileResult } from './run.js';
import { percentile } from './recorder.js';
import { unexplainedWins } from './world.js';
import { ROLE_MIX } from './users.js';

export interface ReportContext {
  engine: 'pglite' | 'postgres';
  dataset: GenerateSummary;
  /** /api/health throughput alone (autocannon), when measured. */
  healthCeiling?: { requestsPerSecond: number; connections: number; seconds: number };
  invariants: InvariantCheck[];
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const ratio = (value: number, base: number) => (base > 0 ? (value / base).toFixed(1) : 'n/a');
const int = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * Answers per second and health latency over time: a queue that builds up (or drains after the
 * last action started) shows here, where the percentiles hide it.
 */
function timeline(result: ProfileResult): string[] {
  const window = Math.max(1, Math.round(result.seconds / 6));
  const windows = Math.ceil(result.elapsedSeconds / window);
  const lines = [
    `## Over time (${window} s windows; actions start until ${result.seconds} s, then answers drain)`,
    '',
    '| from s | answers/s | health probes sent | health p50 ms | health max ms |',
    '|---:|---:|---:|---:|---:|',
  ];
  for (let w = 0; w < windows; w++) {
    const from = result.startedAt + w * window * 1000;
    const to = from + window * 1000;
    const answers = result.recorder.completedAt.filter((t) => t >= from && t < to).length;
    const probes = result.probes
      .filter((p) => p.sentAt >= from && p.sentAt < to)
      .map((p) => p.ms)
      .sort((a, b) => a - b);
    lines.push(
      `| ${w * window} | ${(answers / window).toFixed(1)} | ${probes.length} | ${probes.length ? ms(percentile(probes, 50)) : '-'} | ${probes.length ? ms(probes.at(-1)!) : '-'} |`,
    );
  }
  return [...lines, ''];
}

function aloneCells(p50: number | undefined, idle: number): string {
  return p50 === undefined ? '- | -' : `${ms(p50)} | ${ratio(p50, idle)}`;
}

/** Whether the run met its bar: no unexpected error, every invariant holding, nobody stopped. */
export function passed(result: ProfileResult, invariants: readonly InvariantCheck[]): boolean {
  return (
    result.recorder.total.errors === 0 &&
    result.stoppedUsers.length === 0 &&
    result.aloneErrors.length === 0 &&
    result.loadedHealth.errors === 0 &&
    result.rushes.every((r) => unexplainedWins(r) === 0) &&
    invariants.every((c) => c.violations === 0)
  );
}

export function renderReport(result: ProfileResult, context: ReportContext): string {
  const total = result.recorder.total;
  const rate = total.count / result.elapsedSeconds;
  const idle = result.idleHealth;
  const loaded = result.loadedHealth;
  const roles = ROLE_MIX.map(
    ([role]) => `${result.users.filter((u) => u.role === role).length} ${role}`,
  ).join(', ');
  const lines: string[] = [
    `# Load profile ${new Date().toISOString()} (${context.engine})`,
    '',
    `${os.cpus().length} cores, Node ${process.version}. ${int(context.dataset.donations)} generated donations by ` +
      `${int(context.dataset.donors)} donors, then ${result.users.length} simulated users signed up through the API ` +
      `(${roles}); ${result.seconds} s of load, mean think time ${result.thinkMs} ms between a user's actions; ` +
      `each user keeps the keep-alive connection its sign-up opened, as a browser does. ` +
      `Latencies are measured by the load generator (same machine), so each is also given as a ratio to ` +
      `/api/health measured the same way in the same run.`,
    '',
    `**Result: ${passed(result, context.invariants) ? 'PASS' : 'FAIL'}** — ${int(total.errors)} unexpected errors, ` +
      `${context.invariants.filter((c) => c.violations > 0).length} broken invariants; ${int(total.shed)} requests ` +
      `(${((total.shed / Math.max(1, total.count)) * 100).toFixed(1)}%) shed by the server as busy (503 SERVICE_BUSY, nothing changed).`,
    '',
    '## Throughput',
    '',
    `- ${int(total.count)} requests in ${result.elapsedSeconds.toFixed(1)} s: **${rate.toFixed(1)} req/s** ` +
      `(${int(total.ok)} as intended, ${int(total.conflicts)} expected conflicts, ${int(total.shed)} shed as busy, ${int(total.errors)} unexpected errors); ` +
      `${int(total.ok / result.elapsedSeconds)} answered as intended per second.`,
    `- /api/health alone before the run, one request at a time: p50 ${ms(idle.p50)} ms, p99 ${ms(idle.p99)} ms (${idle.count} probes, ${idle.errors} failed).`,
    `- /api/health during the run, a probe sent every 250 ms (without waiting for the previous one): p50 ${ms(loaded.p50)} ms, p99 ${ms(loaded.p99)} ms (${loaded.count} probes, ${loaded.busy} answered 503 busy, ${loaded.errors} failed).`,
  ];
  if (context.healthCeiling) {
    const c = context.healthCeiling;
    lines.push(
      `- /api/health ceiling alone (autocannon, ${c.connections} connections, ${c.seconds} s): ${int(c.requestsPerSecond)} req/s; ` +
        `the profile's throughput is **${(rate / c.requestsPerSecond).toFixed(3)}** of it.`,
    );
  }
  lines.push(
    `- Setup: ${result.users.length} sign-ups in ${(result.signUp.milliseconds / 1000).toFixed(1)} s, 8 at a time (p50 ${ms(result.signUp.p50)} ms, p99 ${ms(result.signUp.p99)} ms).`,
    '',
    '## Per endpoint',
    '',
    '"÷ health" columns divide by /api/health during the run (same percentile); "÷ idle" by /api/health ' +
      'alone (p50). "alone" is the p50 of the same read called one at a time before the run (its own cost, ' +
      'no queue); the difference to the loaded p50 is time spent waiting.',
    '',
    '| endpoint | count | req/s | conflicts | shed | errors | error rate | p50 ms | p99 ms | p50 ÷ health | p99 ÷ health | p50 ÷ idle | alone p50 ms | alone ÷ idle |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| GET /api/health (probe) | ${loaded.count} | ${(loaded.count / result.elapsedSeconds).toFixed(1)} | 0 | ${loaded.busy} | ${loaded.errors} | ${((loaded.errors / Math.max(1, loaded.count)) * 100).toFixed(2)}% | ${ms(loaded.p50)} | ${ms(loaded.p99)} | 1.0 | 1.0 | ${ratio(loaded.p50, idle.p50)} | ${ms(idle.p50)} | 1.0 |`,
    ...result.recorder
      .endpoints()
      .map(
        (e) =>
          `| ${e.endpoint} | ${e.count} | ${(e.count / result.elapsedSeconds).toFixed(1)} | ${e.conflicts} | ${e.shed} | ${e.errors} | ${((e.errors / e.count) * 100).toFixed(2)}% | ${ms(e.p50)} | ${ms(e.p99)} | ${ratio(e.p50, loaded.p50)} | ${ratio(e.p99, loaded.p99)} | ${ratio(e.p50, idle.p50)} | ${aloneCells(result.alone.get(e.endpoint), idle.p50)} |`,
      ),
    '',
    ...timeline(result),
    '## Slowest calls',
    '',
    '| sent at s | ms | call |',
    '|---:|---:|---|',
    ...result.recorder.slowest.map(
      (c) =>
        `| ${((c.sentAt - result.startedAt) / 1000).toFixed(1)} | ${ms(c.ms)} | ${c.path.replace(/[0-9a-f-]{36}/g, ':id')} |`,
    ),
    '',
    '## Workflow driven',
    '',
  );
  const counters = [...result.recorder.counters.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, value] of counters) lines.push(`- ${name}: ${int(value)}`);
  const rushes = result.rushes;
  const settled = rushes.filter((r) => r.finished === r.participants);
  lines.push(
    `- contended grabs (one donation announced to 2-5 idle volunteers who grab at once): ${rushes.length}, ` +
      `${int(rushes.reduce((s, r) => s + r.participants, 0))} volunteers; one winner in ${settled.filter((r) => r.winners === 1).length}, ` +
      `none in ${settled.filter((r) => r.winners === 0).length} (someone grabbed it from the feed first), ` +
      `won again after a release in ${rushes.filter((r) => r.winners > 1 && unexplainedWins(r) === 0).length}, ` +
      `**two holders at once in ${rushes.filter((r) => unexplainedWins(r) > 0).length}**.`,
    '',
    '## Conflicts, shed requests and errors by answer',
    '',
  );
  const codes = result.recorder.codes();
  if (codes.length === 0) lines.push('None.');
  else {
    lines.push('| endpoint | answer | counted as | count |', '|---|---|---|---:|');
    for (const c of codes) lines.push(`| ${c.endpoint} | ${c.code} | ${c.outcome} | ${c.count} |`);
  }
  if (
    result.recorder.errorSamples.length ||
    result.stoppedUsers.length ||
    result.aloneErrors.length
  ) {
    lines.push('', '## Unexpected errors (first ones)', '');
    for (const s of result.recorder.errorSamples) lines.push(`- ${s.replace(/\|/g, '\\|')}`);
    for (const s of result.stoppedUsers) lines.push(`- stopped: ${s}`);
    for (const s of result.aloneErrors) lines.push(`- measured alone: ${s.replace(/\|/g, '\\|')}`);
  }
  lines.push(
    '',
    '## Invariants (SQL on the database after the run)',
    '',
    '| check | rows checked | violations |',
    '|---|---:|---:|',
    ...context.invariants.map(
      (c) =>
        `| ${c.name} | ${int(c.checked)} | ${c.violations === 0 ? '0 ✓' : `**${c.violations}**`} |`,
    ),
    `| contended grabs with two holders at once (answers seen by the volunteers) | ${rushes.length} | ${rushes.filter((r) => unexplainedWins(r) > 0).length === 0 ? '0 ✓' : `**${rushes.filter((r) => unexplainedWins(r) > 0).length}**`} |`,
    '',
  );
  return lines.join('\n');
}
