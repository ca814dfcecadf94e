import type { ChatEngine } from '../engine/understand.js';
import { EVAL_SET, type EvalGroup, type Expected } from './questions.js';

/** One question the engine got wrong. */
export interface Miss {
  group: EvalGroup;
  question: string;
  expected: Expected;
  got: string;
}

/** Accuracy of one group of the evaluation set. */
export interface GroupScore {
  group: EvalGroup;
  total: number;
  correct: number;
  accuracy: number;
}

/** Runs every question of the evaluation set through the engine and scores it per group. */
export function scoreEvalSet(engine: ChatEngine): { scores: GroupScore[]; misses: Miss[] } {
  const scores: GroupScore[] = [];
  const misses: Miss[] = [];
  for (const [group, items] of Object.entries(EVAL_SET) as Array<
    [EvalGroup, Array<[string, Expected]>]
  >) {
    let correct = 0;
    for (const [question, expected] of items) {
      const got = engine.understand(question).id;
      if (got === expected) correct += 1;
      else misses.push({ group, question, expected, got });
    }
    scores.push({ group, total: items.length, correct, accuracy: correct / items.length });
  }
  return { scores, misses };
}
