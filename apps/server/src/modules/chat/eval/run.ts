import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openPglite, type Database } from '../../../db/client.js';
import { runMigrations } from '../../../db/migrate.js';
import type { UserRow } from '../../../db/schema/index.js';
import { insertDonation } from '../../donations/donations.queries.js';
import { insertUser } from '../../users/users.queries.js';
import { embeddingSettingsFromEnv, type EmbeddingSettings } from '../chat.embedding.js';
import { embeddingModelProblem, getAssistant } from '../chat.service.js';
import type { ToolContext } from '../chat.tools.js';
import { loadLanguageModel } from '../engine/language.js';
import {
  groupScores,
  judge,
  tuningItems,
  type EvalItem,
  type GroupScore,
  type Miss,
} from './accuracy.js';
import {
  development2Items,
  development3Items,
  development4Items,
  development5Items,
  development6Items,
  development7Items,
  development8Items,
  developmentItems,
  heldoutItems,
  writtenItems,
} from './heldout.js';
import { evaluateModelPath } from './model-path.js';

/** Scores of one evaluation set. */
export interface SetReport {
  name: string;
  scores: GroupScore[];
  misses: Miss[];
  /** Questions that must be refused (other users' data, rule changes), and how many were. */
  refusals?: { total: number; refused: number };
}

/** The five sets through the built-in engine, reply latency, and the model path. */
export interface EvalReport {
  sets: SetReport[];
  latency: { replies: number; p50Ms: number; p95Ms: number; maxMs: number };
  modelPath: SetReport[] | null;
}

/** The accuracy target of every group. */
export const TARGET_ACCURACY = 0.9;
/** The tuning set's target. */
export const TUNING_TARGET = 0.95;
/** The built-in reply's p95 budget. */
export const P95_BUDGET_MS = 50;

async function seed(database: Database): Promise<UserRow> {
  const donor = (await insertUser(database.db, {
    email: 'eval.donor@example.in',
    passwordHash: '-',
    role: 'restaurant',
    name: 'Eval Kitchen',
    phone: '+91 90000 00001',
    address: 'MG Road, Bengaluru',
    lat: 12.9756,
    lng: 77.6066,
  }))!;
  const now = Date.now();
  for (const [i, foodType] of ['Veg biryani', 'Dal and rice', 'Chapati and sabzi'].entries()) {
    await insertDonation(database.db, {
      donorId: donor.id,
      donorName: donor.name,
      donorEmail: donor.email,
      donorPhone: donor.phone,
      donorAddress: donor.address,
      expiryTime: new Date(now + (i + 2) * 3_600_000),
      foodType,
      cuisine: 'South Indian',
      vegType: 'veg',
      quantity: 20 + i * 5,
      unit: 'meals',
      prepDate: new Date(now).toISOString().slice(0, 10),
      prepTime: '12:00',
      pickupAddress: donor.address,
      pickupLat: 12.9756,
      pickupLng: 77.6066,
      deliveryMethod: 'volunteer',
      expiryHours: 6,
    });
  }
  return donor;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** A reply for an evaluation question: what the engine read, and what it said. */
export type Answerer = (item: EvalItem) => Promise<{ got: string; reply: string }>;

/** Scores one set with an answerer: topic, figures and script of every reply. */
export async function scoreSet(
  name: string,
  items: EvalItem[],
  answer: Answerer,
): Promise<SetReport> {
  const misses: Miss[] = [];
  for (const item of items) {
    const { got, reply } = await answer(item);
    const problem = judge(item, got, reply);
    if (problem) misses.push({ ...item, got, problem });
  }
  const mustRefuse = items.filter((i) => i.expected === 'refuse_other_user').length;
  const notRefused = misses.filter((m) => m.expected === 'refuse_other_user').length;
  return {
    name,
    scores: groupScores(items, misses),
    misses,
    refusals: { total: mustRefuse, refused: mustRefuse - notRefused },
  };
}

/** The evaluation's database: a donor with three open donations, the way a user would have. */
export async function withEvalUser<T>(run: (context: ToolContext) => Promise<T>): Promise<T> {
  // A throwaway database of one user: a small buffer cache starts it twice as fast.
  const database = await openPglite({ sharedBuffers: '16MB' });
  try {
    await runMigrations(database);
    const user = await seed(database);
    return await run({ db: database.db, user });
  } finally {
    await database.close();
  }
}

/**
 * Scores the tuning, the four development sets and the held-apart set with complete built-in replies
 * (understanding, tools against an embedded database with a donor's data, and rendering), times
 * every reply over three rounds, then runs the sets through the model path against a local stub.
 */
export async function runEvaluation(
  options: {
    rounds?: number;
    modelPath?: boolean;
    fresh?: EvalItem[];
    /** A deployer's sentence-embedding model joins the similarity (decision 0073). */
    embedding?: EmbeddingSettings | null;
  } = {},
): Promise<EvalReport> {
  const { rounds = 3, modelPath = true } = options;
  await loadLanguageModel();
  const assistant = getAssistant(options.embedding ?? null);
  const problem = embeddingModelProblem(options.embedding ?? null);
  if (options.embedding && problem) throw new Error(`embedding model not read: ${problem}`);
  const sets: Array<[string, EvalItem[]]> = [
    ['tuning', tuningItems()],
    ['development', developmentItems()],
    ['development 2', development2Items()],
    ['development 3', development3Items()],
    ['development 4', development4Items()],
    ['development 5', development5Items()],
    ['development 6', development6Items()],
    ['development 7', development7Items()],
    ['development 8', development8Items()],
    ['held-apart', heldoutItems()],
    // A newly written set, scored once (`--fresh <file>`) before it joins the development sets.
    ...(options.fresh ? [['held-apart (fresh)', options.fresh] as [string, EvalItem[]]] : []),
  ];
  return withEvalUser(async (context) => {
    const builtIn: Answerer = async (item) => {
      const { reply, reading } = await assistant.reply(context, item.question, item.lang);
      return { got: reading.id, reply };
    };
    const reports: SetReport[] = [];
    for (const [name, items] of sets) reports.push(await scoreSet(name, items, builtIn));

    const all = sets.flatMap(([, items]) => items);
    const timings: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const item of all) {
        const started = performance.now();
        await assistant.reply(context, item.question, item.lang);
        timings.push(performance.now() - started);
      }
    }
    timings.sort((a, b) => a - b);
    const model = modelPath ? await evaluateModelPath(context, sets) : null;
    return {
      sets: reports,
      modelPath: model,
      latency: {
        replies: timings.length,
        p50Ms: percentile(timings, 50),
        p95Ms: percentile(timings, 95),
        maxMs: timings.at(-1) ?? 0,
      },
    };
  });
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1).padStart(5)}%`;
}

/** The held-apart set's failures are listed only when asked for (see decision 0024). */
export interface FormatOptions {
  listHeldApartFailures?: boolean;
}

function formatSet(
  set: SetReport,
  target: number,
  title: string,
  options: FormatOptions = {},
): string[] {
  if (set.scores.length === 0) return [`${title}: ${set.name} set (no questions)`];
  const lines = [`${title}: ${set.name} set`, 'group       correct  total  accuracy'];
  for (const s of set.scores) {
    const mark = s.accuracy >= target ? '' : '  below target';
    lines.push(
      `${s.group.padEnd(11)} ${String(s.correct).padStart(7)}  ${String(s.total).padStart(5)}  ${pct(s.accuracy)}${mark}`,
    );
  }
  const latin = set.scores.filter((s) => s.group.startsWith('latin-'));
  if (latin.length > 0) {
    const total = latin.reduce((a, s) => a + s.total, 0);
    const correct = latin.reduce((a, s) => a + s.correct, 0);
    const mark = correct / total >= target ? '' : '  below target';
    lines.push(
      `${'latin (all)'.padEnd(11)} ${String(correct).padStart(7)}  ${String(total).padStart(5)}  ${pct(correct / total)}${mark}`,
    );
  }
  const total = set.scores.reduce((a, s) => a + s.total, 0);
  const correct = set.scores.reduce((a, s) => a + s.correct, 0);
  lines.push(
    `${'all'.padEnd(11)} ${String(correct).padStart(7)}  ${String(total).padStart(5)}  ${pct(correct / total)}`,
  );
  if (set.refusals && set.refusals.total > 0) {
    lines.push(`refused ${set.refusals.refused} of ${set.refusals.total} that must be refused`);
  }
  if (set.name.startsWith('held-apart') && !options.listHeldApartFailures) {
    if (set.misses.length > 0) {
      lines.push(`(${set.misses.length} failures not listed: the set measures, it does not tune)`);
    }
  } else if (set.misses.length > 0) {
    lines.push('', `Failures (${set.name}):`);
    for (const m of set.misses) lines.push(`  [${m.group}] ${m.question}  (${m.problem})`);
  }
  return lines;
}

/** The report as plain text lines. */
export function formatReport(report: EvalReport, options: FormatOptions = {}): string[] {
  const lines = ['Chat assistant evaluation', ''];
  for (const set of report.sets) {
    const target = set.name === 'tuning' ? TUNING_TARGET : TARGET_ACCURACY;
    lines.push(...formatSet(set, target, 'Built-in engine', options), '');
  }
  const l = report.latency;
  lines.push(
    `Built-in reply latency over ${l.replies} replies: p50 ${l.p50Ms.toFixed(2)} ms, p95 ${l.p95Ms.toFixed(2)} ms, max ${l.maxMs.toFixed(2)} ms (budget p95 ${P95_BUDGET_MS} ms)`,
  );
  for (const set of report.modelPath ?? []) {
    lines.push('', ...formatSet(set, 0, 'Model path (LLM_BASE_URL, local stub)', options));
  }
  return lines;
}

/** True when every group reaches its target and the p95 is within budget. */
export function meetsTargets(report: EvalReport): boolean {
  return (
    report.sets.every((set) =>
      set.scores.every(
        (s) => s.accuracy >= (set.name === 'tuning' ? TUNING_TARGET : TARGET_ACCURACY),
      ),
    ) && report.latency.p95Ms <= P95_BUDGET_MS
  );
}

/**
 * Prints the report; exits non-zero when a group misses its target or replies are too slow.
 * `--list-held-apart` also lists the held-apart set's failures, for the record only.
 * `--fresh <file>` scores a newly written set (the same format) once, its failures unlisted.
 * `--embedding-model <folder>` (or CHAT_EMBEDDING_MODEL, with CHAT_EMBEDDING_WEIGHT and
 * CHAT_EMBEDDING_WEAK_MATCH) measures the built-in engine joined by a deployer's model.
 */
export async function main(): Promise<void> {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const freshFile = option('--fresh');
  const fresh = freshFile ? writtenItems(pathToFileURL(path.resolve(freshFile))) : undefined;
  const modelDir = option('--embedding-model');
  const embedding = embeddingSettingsFromEnv(
    modelDir ? { ...process.env, CHAT_EMBEDDING_MODEL: path.resolve(modelDir) } : process.env,
  );
  if (embedding) {
    console.log(
      `With the embedding model in ${embedding.dir} (weight ${embedding.weight}, weak match ${embedding.weakMatch})`,
    );
  }
  const report = await runEvaluation({ fresh, embedding });
  const listHeldApartFailures = process.argv.includes('--list-held-apart');
  console.log(formatReport(report, { listHeldApartFailures }).join('\n'));
  process.exitCode = meetsTargets(report) ? 0 : 1;
}

// Run directly (`npm run eval:chat`), this file is the evaluation script itself.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
