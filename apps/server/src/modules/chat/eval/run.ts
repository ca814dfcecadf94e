import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openPglite, type Database } from '../../../db/client.js';
import { runMigrations } from '../../../db/migrate.js';
import type { UserRow } from '../../../db/schema/index.js';
import { insertDonation } from '../../donations/donations.queries.js';
import { insertUser } from '../../users/users.queries.js';
import { getAssistant } from '../chat.service.js';
import { loadLanguageModel } from '../engine/language.js';
import type { Lang } from '../engine/types.js';
import { scoreEvalSet, type GroupScore, type Miss } from './accuracy.js';
import { EVAL_SET, type EvalGroup } from './questions.js';

/** Accuracy per language group and built-in reply latency. */
export interface EvalReport {
  scores: GroupScore[];
  misses: Miss[];
  latency: { replies: number; p50Ms: number; p95Ms: number; maxMs: number };
}

/** The accuracy target of every group. */
export const TARGET_ACCURACY = 0.9;

const REPLY_LANG: Record<EvalGroup, Lang> = {
  en: 'en',
  hi: 'hi',
  'hi-Latn': 'hi',
  mr: 'mr',
  bn: 'bn',
  pa: 'pa',
  ta: 'ta',
  te: 'te',
  kn: 'kn',
};

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

/**
 * Scores the evaluation set, then times complete built-in replies (understanding, tools against
 * an embedded database with a donor's data, and rendering) for every question, three rounds.
 */
export async function runEvaluation(rounds = 3): Promise<EvalReport> {
  await loadLanguageModel();
  const assistant = getAssistant();
  const { scores, misses } = scoreEvalSet(assistant.engine);

  const database = await openPglite();
  try {
    await runMigrations(database);
    const user = await seed(database);
    const context = { db: database.db, user };
    const timings: number[] = [];
    const questions = (
      Object.entries(EVAL_SET) as Array<[EvalGroup, Array<[string, string]>]>
    ).flatMap(([group, items]) => items.map(([q]) => [q, REPLY_LANG[group]] as const));
    // One untimed pass warms the query plans and the JIT.
    for (const [q, lang] of questions) await assistant.reply(context, q, lang);
    for (let round = 0; round < rounds; round++) {
      for (const [q, lang] of questions) {
        const started = performance.now();
        await assistant.reply(context, q, lang);
        timings.push(performance.now() - started);
      }
    }
    timings.sort((a, b) => a - b);
    return {
      scores,
      misses,
      latency: {
        replies: timings.length,
        p50Ms: percentile(timings, 50),
        p95Ms: percentile(timings, 95),
        maxMs: timings.at(-1) ?? 0,
      },
    };
  } finally {
    await database.close();
  }
}

/** The report as plain text lines. */
export function formatReport(report: EvalReport): string[] {
  const lines = ['Chat assistant evaluation (built-in engine)', ''];
  lines.push('group     correct  total  accuracy');
  for (const s of report.scores) {
    const mark = s.accuracy >= TARGET_ACCURACY ? '' : '  below target';
    lines.push(
      `${s.group.padEnd(9)} ${String(s.correct).padStart(7)}  ${String(s.total).padStart(5)}  ${(s.accuracy * 100).toFixed(1).padStart(7)}%${mark}`,
    );
  }
  const total = report.scores.reduce((a, s) => a + s.total, 0);
  const correct = report.scores.reduce((a, s) => a + s.correct, 0);
  lines.push(
    `${'all'.padEnd(9)} ${String(correct).padStart(7)}  ${String(total).padStart(5)}  ${((correct / total) * 100).toFixed(1).padStart(7)}%`,
  );
  if (report.misses.length > 0) {
    lines.push('', 'Misses:');
    for (const m of report.misses) {
      lines.push(`  [${m.group}] ${m.question}  (expected ${m.expected}, got ${m.got})`);
    }
  }
  const l = report.latency;
  lines.push(
    '',
    `Built-in reply latency over ${l.replies} replies: p50 ${l.p50Ms.toFixed(2)} ms, p95 ${l.p95Ms.toFixed(2)} ms, max ${l.maxMs.toFixed(2)} ms`,
  );
  return lines;
}

/** Prints the report; exits non-zero when a group misses the accuracy target. */
export async function main(): Promise<void> {
  const report = await runEvaluation();
  console.log(formatReport(report).join('\n'));
  process.exitCode = report.scores.every((s) => s.accuracy >= TARGET_ACCURACY) ? 0 : 1;
}

// Run directly (`npm run eval:chat`), this file is the evaluation script itself.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
