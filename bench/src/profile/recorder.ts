// Tallies of one profile run: every call's latency and outcome per endpoint, and the health probe.

/**
 * ok: the answer the flow wanted. conflict: a documented answer that real users meet when they
 * race each other (a lost grab, a request on food someone just took). shed: 503 SERVICE_BUSY, the
 * server turning work away under overload with nothing changed. error: anything else (another
 * 5xx, an undocumented 4xx, no answer at all).
 */
export type Outcome = 'ok' | 'conflict' | 'shed' | 'error';

interface Tally {
  latencies: number[];
  ok: number;
  conflicts: number;
  shed: number;
  errors: number;
  /** Count per `status code` of conflicts and errors, e.g. `409 DONATION_UNAVAILABLE`. */
  codes: Map<string, { outcome: Outcome; count: number }>;
}

export interface EndpointFigures {
  endpoint: string;
  count: number;
  ok: number;
  conflicts: number;
  shed: number;
  errors: number;
  p50: number;
  p99: number;
}

export interface CodeCount {
  endpoint: string;
  outcome: Outcome;
  code: string;
  count: number;
}

/** Nearest-rank percentile of an ascending array (0 for an empty one). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;
}

export class Recorder {
  private readonly tallies = new Map<string, Tally>();
  /** The first unexpected errors in full, to explain them in the report. */
  readonly errorSamples: string[] = [];
  /** Workflow counters (donations posted, grabs won, ...). */
  readonly counters = new Map<string, number>();
  /** performance.now() at which each answer (of any endpoint) came back, for the timeline. */
  readonly completedAt: number[] = [];

  record(endpoint: string, ms: number, outcome: Outcome, label?: string): void {
    let tally = this.tallies.get(endpoint);
    if (!tally) {
      tally = { latencies: [], ok: 0, conflicts: 0, shed: 0, errors: 0, codes: new Map() };
      this.tallies.set(endpoint, tally);
    }
    tally.latencies.push(ms);
    this.completedAt.push(performance.now());
    if (outcome === 'ok') tally.ok++;
    else if (outcome === 'conflict') tally.conflicts++;
    else if (outcome === 'shed') tally.shed++;
    else tally.errors++;
    if (outcome !== 'ok' && label) {
      const code = tally.codes.get(label) ?? { outcome, count: 0 };
      code.count++;
      tally.codes.set(label, code);
    }
  }

  /** The slowest calls, with the path and when they were sent (performance.now()). */
  readonly slowest: { endpoint: string; path: string; sentAt: number; ms: number }[] = [];

  /** Keeps the ten slowest calls: the first of a row of them is often what held the rest up. */
  noteSlow(endpoint: string, path: string, sentAt: number, ms: number): void {
    if (this.slowest.length >= 10 && ms <= this.slowest.at(-1)!.ms) return;
    this.slowest.push({ endpoint, path, sentAt, ms });
    this.slowest.sort((a, b) => b.ms - a.ms);
    this.slowest.length = Math.min(this.slowest.length, 10);
  }

  count(name: string, by = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + by);
  }

  sample(text: string): void {
    if (this.errorSamples.length < 20) this.errorSamples.push(text);
  }

  endpoints(): EndpointFigures[] {
    return [...this.tallies.entries()]
      .map(([endpoint, t]) => {
        const sorted = [...t.latencies].sort((a, b) => a - b);
        return {
          endpoint,
          count: sorted.length,
          ok: t.ok,
          conflicts: t.conflicts,
          shed: t.shed,
          errors: t.errors,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        };
      })
      .sort((a, b) => b.count - a.count);
  }

  codes(): CodeCount[] {
    const rows: CodeCount[] = [];
    for (const [endpoint, t] of this.tallies) {
      for (const [code, c] of t.codes)
        rows.push({ endpoint, code, outcome: c.outcome, count: c.count });
    }
    return rows.sort((a, b) => b.count - a.count);
  }

  get total(): { count: number; ok: number; conflicts: number; shed: number; errors: number } {
    const sum = { count: 0, ok: 0, conflicts: 0, shed: 0, errors: 0 };
    for (const t of this.tallies.values()) {
      sum.count += t.latencies.length;
      sum.ok += t.ok;
      sum.conflicts += t.conflicts;
      sum.shed += t.shed;
      sum.errors += t.errors;
    }
    return sum;
  }
}
