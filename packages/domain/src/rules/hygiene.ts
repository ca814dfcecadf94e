import {
  HYGIENE_PASS_MARK,
  HYGIENE_QUESTIONS,
  HYGIENE_VALID_DAYS,
  type HygieneOption,
} from '../constants/hygiene.js';
import { HYGIENE_ANSWER_KEY } from '../constants/hygiene-key.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a pass holds (a year after it), or null without one. */
export function hygieneValidUntil(passedAt: Date | string | null | undefined): Date | null {
  if (!passedAt) return null;
  return new Date(new Date(passedAt).getTime() + HYGIENE_VALID_DAYS * DAY_MS);
}

/** True while the volunteer's last pass is less than a year old. */
export function isHygieneCurrent(
  passedAt: Date | string | null | undefined,
  now: number = Date.now(),
): boolean {
  const until = hygieneValidUntil(passedAt);
  return until !== null && until.getTime() > now;
}

export interface HygieneGrade {
  score: number;
  total: number;
  passed: boolean;
  /** The questions answered wrongly, in the quiz's order: the course to read again. */
  wrong: string[];
}

/** Grades a complete set of answers (the input schema has made sure every question has one). */
export function gradeHygieneQuiz(answers: Readonly<Record<string, HygieneOption>>): HygieneGrade {
  const wrong = HYGIENE_QUESTIONS.filter((q) => answers[q.id] !== HYGIENE_ANSWER_KEY[q.id]).map(
    (q) => q.id,
  );
  const score = HYGIENE_QUESTIONS.length - wrong.length;
  return { score, total: HYGIENE_QUESTIONS.length, passed: score >= HYGIENE_PASS_MARK, wrong };
}
