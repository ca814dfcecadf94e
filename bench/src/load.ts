// What every load scenario shares: one autocannon run per scenario, and the markdown report.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  body?: string;
  headers?: Record<string, string>;
  /** A fixed number of requests instead of a fixed time (for rate-limited routes). */
  amount?: number;
}

export interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

export async function measure(
  baseUrl: string,
  scenario: Scenario,
  seconds = DURATION_S,
): Promise<Row> {
  const result = await autocannon({
    url: baseUrl + scenario.path,
    method: scenario.method,
    connections: scenario.connections,
    ...(scenario.amount ? { amount: scenario.amount } : { duration: seconds }),
    headers: { 'content-type': 'application/json', ...scenario.headers },
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Markdown rows for a table whose first row is the ceiling the others are divided by. A run in
 * which no response came back shows 0 req/s and 0 ms latencies.
 */
export function tableRows(rows: readonly Row[], ceiling = rows[0]!.requestsPerSecond): string[] {
  return [
    '| scenario | req/s | ratio to health | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${ceiling > 0 ? (r.requestsPerSecond / ceiling).toFixed(3) : 'n/a'} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    ),
  ];
}

/** Writes `report` to bench/results/<timestamp>-<suffix>.md and returns the path. */
export function writeReport(suffix: string, report: string): string {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}-${suffix}.md`,
  );
  fs.writeFileSync(file, report);
  return file;
}
