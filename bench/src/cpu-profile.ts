// Reads a V8 CPU profile (node --cpu-prof) and says where a server's time went, in groups a
// reader can act on: idle, Node's HTTP and sockets, Fastify and its plugins, the session lookup,
// the ORM, the PostgreSQL driver, response serialisation, and our own code.
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Milliseconds of samples inside the window. */
  totalMs: number;
  /** Self time by the package (or part of ours) that spent it, largest first. */
  self: { group: string; ms: number; share: number }[];
  /** Time with a given stage anywhere on the stack (stages overlap other groups). */
  inclusive: { stage: string; ms: number; share: number }[];
  /** Our own functions (apps/server, packages/domain) by self time. */
  ours: { name: string; ms: number; share: number }[];
}

/** Which package a frame's script belongs to; '' for V8 and Node built-ins. */
function groupOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8 and native code (unattributed)';
  if (!url) return '';
  if (url.startsWith('node:')) return 'Node HTTP, sockets and streams';
  if (url.includes('/apps/server/src/plugins/session')) return 'session lookup (our plugin)';
  if (url.includes('/apps/server/src/') || url.includes('/packages/domain/')) return 'our code';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  const pkg = match?.[1] ?? url;
  if (pkg === 'pg' || pkg.startsWith('pg-') || pkg === 'postgres-array') {
    return 'PostgreSQL driver (pg)';
  }
  if (pkg === 'drizzle-orm') return 'ORM (drizzle: query building, row mapping)';
  if (pkg === 'zod' || pkg === 'fastify-type-provider-zod' || pkg === 'fast-json-stringify') {
    return 'response validation and serialisation (zod)';
  }
  if (pkg === 'pino' || pkg.startsWith('pino-') || pkg === 'sonic-boom') return 'logging (pino)';
  if (pkg === 'tsx' || pkg === 'esbuild' || pkg === 'get-tsconfig') return 'tsx loader';
  if (
    pkg === 'fastify' ||
    pkg.startsWith('@fastify/') ||
    pkg === 'find-my-way' ||
    pkg === 'avvio' ||
    pkg === 'light-my-request' ||
    pkg === 'fastify-plugin' ||
    pkg === 'toad-cache' ||
    pkg === 'cookie' ||
    pkg === 'helmet'
  ) {
    return 'Fastify and its plugins';
  }
  return `other: ${pkg}`;
}

const STAGES: { stage: string; test: (f: CallFrame) => boolean }[] = [
  { stage: 'session lookup', test: (f) => f.url.includes('/apps/server/src/plugins/session') },
  {
    stage: 'rate limit (counter in the database)',
    test: (f) => f.url.includes('@fastify/rate-limit') || f.url.includes('/src/lib/counters'),
  },
  {
    stage: 'feed handler (service, queries)',
    test: (f) => f.url.includes('/modules/donations/'),
  },
  {
    stage: 'response serialisation (zod + JSON)',
    test: (f) => f.url.includes('fastify-type-provider-zod'),
  },
  { stage: 'ORM (drizzle)', test: (f) => f.url.includes('node_modules/drizzle-orm') },
  { stage: 'PostgreSQL driver (pg)', test: (f) => /node_modules\/pg(-[a-z]+)?\//.test(f.url) },
];

/**
 * Summarises a profile, keeping the samples taken between `from` and `to` (microseconds of the
 * monotonic clock, as `process.hrtime` gives them; V8 stamps samples with the same clock).
 */
export function summariseProfile(file: string, from = -Infinity, to = Infinity): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const ours = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (time < from || time > to) continue;
    // A sample lasts until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    total += ms;
    // Built-ins (JSON.stringify, Map lookups) count for the script that called them.
    let id: number | undefined = profile.samples[i]!;
    let group = '';
    const stages = new Set<string>();
    let leafOurs: string | undefined;
    while (id !== undefined) {
      const frame = byId.get(id)!.callFrame;
      if (!group) group = groupOf(frame);
      if (
        leafOurs === undefined &&
        (frame.url.includes('/apps/server/src/') || frame.url.includes('/packages/domain/'))
      ) {
        const short = frame.url.replace(/^.*\/(apps|packages)\//, '$1/');
        // (Line numbers are of tsx's transformed code, so the file and function name it.)
        leafOurs = `${frame.functionName || '(anonymous)'} ${short}`;
      }
      for (const s of STAGES) if (s.test(frame)) stages.add(s.stage);
      id = parent.get(id);
    }
    group ||= 'V8 and native code (unattributed)';
    self.set(group, (self.get(group) ?? 0) + ms);
    for (const s of stages) inclusive.set(s, (inclusive.get(s) ?? 0) + ms);
    if (group === 'our code' && leafOurs) ours.set(leafOurs, (ours.get(leafOurs) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).map(([k, ms]) => [k, ms, ms / total] as const);
  return {
    totalMs: total,
    self: sorted(self).map(([group, ms, share]) => ({ group, ms, share })),
    inclusive: sorted(inclusive).map(([stage, ms, share]) => ({ stage, ms, share })),
    ours: sorted(ours)
      .slice(0, 12)
      .map(([name, ms, share]) => ({ name, ms, share })),
  };
}

/** Markdown tables of a summary. */
export function profileTables(summary: ProfileSummary): string[] {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  return [
    `${(summary.totalMs / 1000).toFixed(1)} s of samples. Self time by group (a built-in such as ` +
      'JSON.stringify counts for the script that called it):',
    '',
    '| group | ms | share |',
    '|---|---:|---:|',
    ...summary.self.map((r) => `| ${r.group} | ${Math.round(r.ms)} | ${pct(r.share)} |`),
    '',
    'Time with a stage anywhere on the stack (stages overlap the groups above):',
    '',
    '| stage | ms | share |',
    '|---|---:|---:|',
    ...summary.inclusive.map((r) => `| ${r.stage} | ${Math.round(r.ms)} | ${pct(r.share)} |`),
    '',
    'Our own functions by self time:',
    '',
    '| function | ms | share |',
    '|---|---:|---:|',
    ...summary.ours.map((r) => `| \`${r.name}\` | ${Math.round(r.ms)} | ${pct(r.share)} |`),
  ];
}
