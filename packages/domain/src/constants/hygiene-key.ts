import type { HygieneOption } from './hygiene.js';

/**
 * The right option of each hygiene quiz question. Only the grading (`rules/hygiene.ts`) and test
 * helpers import it; the web app never does, so the quiz's answers are not in its code.
 */
export const HYGIENE_ANSWER_KEY: Readonly<Record<string, HygieneOption>> = {
  washHands: 'b',
  cutOnHand: 'b',
  hotFood: 'a',
  chilledFood: 'b',
  roomTime: 'a',
  rightContainer: 'a',
  disposalMark: 'c',
  spoiledSign: 'a',
  inDoubt: 'b',
  allergenWhy: 'c',
};
