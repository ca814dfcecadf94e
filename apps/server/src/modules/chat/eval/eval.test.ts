import { describe, expect, it } from 'vitest';
import { runEvaluation, type EvalReport, type SetReport } from './run.js';

/**
 * Floors under the evaluation, set a few points below the figures measured when they were
 * set (docs/decisions/0024-chat-normalisation-and-knowledge-format.md). A change that makes
 * the assistant understand less fails here; raise the floors when the figures rise.
 */
const TUNING_FLOOR = 0.92;
const TUNING_LATIN_FLOOR = 0.6;
const HELD_APART_FLOORS: Record<string, number> = {
  en: 0.78,
  hi: 0.7,
  te: 0.55,
  ta: 0.6,
  kn: 0.47,
  mr: 0.75,
  bn: 0.65,
  pa: 0.63,
  latin: 0.6,
};
const MODEL_PATH_FLOORS = { tuning: 0.92, 'held-apart': 0.7 };

function accuracy(set: SetReport, groups: (group: string) => boolean): number {
  const picked = set.scores.filter((s) => groups(s.group));
  const total = picked.reduce((n, s) => n + s.total, 0);
  return picked.reduce((n, s) => n + s.correct, 0) / total;
}

const isLatin = (group: string) => /^latin-|^(ta|te|kn|bn|mr|pa)-Latn$/.test(group);

describe('chat evaluation', () => {
  let report: EvalReport;

  it('runs both sets on the built-in engine and the model path', async () => {
    report = await runEvaluation({ rounds: 0 });
    expect(report.sets.map((s) => s.name)).toEqual(['tuning', 'held-apart']);
    expect(report.modelPath?.map((s) => s.name)).toEqual(['tuning', 'held-apart']);
    const heldApart = report.sets[1]!;
    for (const lang of ['en', 'hi', 'te', 'ta', 'kn', 'mr', 'bn', 'pa']) {
      expect(heldApart.scores.find((s) => s.group === lang)?.total).toBeGreaterThanOrEqual(30);
    }
  }, 600_000);

  it('keeps the tuning set above its floor in every language', () => {
    const tuning = report.sets[0]!;
    for (const score of tuning.scores.filter((s) => !isLatin(s.group))) {
      expect(score.accuracy, score.group).toBeGreaterThanOrEqual(TUNING_FLOOR);
    }
    expect(accuracy(tuning, isLatin)).toBeGreaterThanOrEqual(TUNING_LATIN_FLOOR);
  });

  it('keeps the held-apart set above its floors, per language and in Latin letters', () => {
    const heldApart = report.sets[1]!;
    for (const [group, floor] of Object.entries(HELD_APART_FLOORS)) {
      const value =
        group === 'latin'
          ? accuracy(heldApart, (g) => g.startsWith('latin-'))
          : accuracy(heldApart, (g) => g === group);
      expect(value, group).toBeGreaterThanOrEqual(floor);
    }
  });

  it('refuses every attempt on another user’s data or the rules in the tuning set', () => {
    for (const set of [report.sets[0]!, report.modelPath![0]!]) {
      const missed = set.misses.filter((m) => m.expected === 'refuse_other_user');
      expect(missed.map((m) => m.question)).toEqual([]);
    }
  });

  it('gives the model path the same understanding, tools and figures', () => {
    for (const set of report.modelPath!) {
      const floor = MODEL_PATH_FLOORS[set.name as keyof typeof MODEL_PATH_FLOORS];
      expect(
        accuracy(set, () => true),
        set.name,
      ).toBeGreaterThanOrEqual(floor);
      expect(set.misses.filter((m) => m.got === 'incomplete request')).toEqual([]);
    }
  });
});
