import { detectScript, type Script } from '../engine/language.js';
import type { ChatEngine } from '../engine/understand.js';
import type { Lang } from '../engine/types.js';
import { EVAL_SET, type EvalGroup, type EvalQuestion, type Expected } from './questions.js';

/** One evaluation question: what it should be read as, and the language of the reply. */
export interface EvalItem {
  group: string;
  question: string;
  expected: Expected;
  lang: Lang;
  /** Figures the reply must state (ASCII digits). */
  mustContain: string[];
}

/** One question the engine got wrong, and how. */
export interface Miss {
  group: string;
  question: string;
  expected: Expected;
  got: string;
  /** What was wrong: the topic, a missing figure, or the reply's script. */
  problem: string;
}

/** Accuracy of one group of an evaluation set. */
export interface GroupScore {
  group: string;
  total: number;
  correct: number;
  accuracy: number;
}

/** The script a reply in each language is written in. */
export const REPLY_SCRIPT: Record<Lang, Script> = {
  en: 'latin',
  hi: 'devanagari',
  mr: 'devanagari',
  bn: 'bengali',
  pa: 'gurmukhi',
  ta: 'tamil',
  te: 'telugu',
  kn: 'kannada',
};

const TUNING_LANG: Record<EvalGroup, Lang> = {
  en: 'en',
  hi: 'hi',
  'hi-Latn': 'hi',
  mr: 'mr',
  bn: 'bn',
  pa: 'pa',
  ta: 'ta',
  te: 'te',
  kn: 'kn',
  'ta-Latn': 'ta',
  'te-Latn': 'te',
  'kn-Latn': 'kn',
  'bn-Latn': 'bn',
  'mr-Latn': 'mr',
  'pa-Latn': 'pa',
};

/** The tuning set (questions.ts) as evaluation items. */
export function tuningItems(): EvalItem[] {
  return (Object.entries(EVAL_SET) as Array<[EvalGroup, EvalQuestion[]]>).flatMap(
    ([group, items]) =>
      items.map(([question, expected, mustContain = []]) => ({
        group,
        question,
        expected,
        lang: TUNING_LANG[group],
        mustContain,
      })),
  );
}

/**
 * Judges one answer: the right topic or intent, every required figure stated, and the reply in
 * the script of the language asked for. Returns what was wrong, or null.
 */
export function judge(item: EvalItem, got: string, reply: string): string | null {
  if (got !== item.expected) return `expected ${item.expected}, got ${got}`;
  const missing = item.mustContain.filter((figure) => !containsFigure(reply, figure));
  if (missing.length > 0) return `reply lacks ${missing.join(', ')}`;
  const script = detectScript(reply);
  if (script !== REPLY_SCRIPT[item.lang])
    return `reply in ${script}, not ${REPLY_SCRIPT[item.lang]}`;
  return null;
}

/** The figure as a number of its own in the text ("6" in "6 hours", not in "16"). */
function containsFigure(text: string, figure: string): boolean {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\d.])${escaped}(?![\\d]|\\.\\d)`).test(text);
}

/** Scores per group, in the order the groups first appear. */
export function groupScores(items: EvalItem[], misses: Miss[]): GroupScore[] {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.group, (totals.get(item.group) ?? 0) + 1);
  const wrong = new Map<string, number>();
  for (const miss of misses) wrong.set(miss.group, (wrong.get(miss.group) ?? 0) + 1);
  return [...totals].map(([group, total]) => {
    const correct = total - (wrong.get(group) ?? 0);
    return { group, total, correct, accuracy: correct / total };
  });
}

/** Reads every question of a set with the engine alone (no replies) and scores the topics. */
export function scoreUnderstanding(
  engine: ChatEngine,
  items: EvalItem[] = tuningItems(),
): { scores: GroupScore[]; misses: Miss[] } {
  const misses: Miss[] = [];
  for (const item of items) {
    const got = engine.understand(item.question).id;
    if (got !== item.expected) {
      misses.push({ ...item, got, problem: `expected ${item.expected}, got ${got}` });
    }
  }
  return { scores: groupScores(items, misses), misses };
}

/** The tuning set scored by understanding alone (kept for the engine's unit tests). */
export function scoreEvalSet(engine: ChatEngine): { scores: GroupScore[]; misses: Miss[] } {
  return scoreUnderstanding(engine, tuningItems());
}
