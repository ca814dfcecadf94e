import type { AnswerPack } from '../engine/phrases.js';
import type { Lang, QuestionPack } from '../engine/types.js';
import { bnAnswers, bnQuestions } from './bn.js';
import { enAnswers, enQuestions } from './en.js';
import { hiLatnQuestions } from './hi-latn.js';
import { hiAnswers, hiQuestions } from './hi.js';
import { knAnswers, knQuestions } from './kn.js';
import { mrAnswers, mrQuestions } from './mr.js';
import { paAnswers, paQuestions } from './pa.js';
import { taAnswers, taQuestions } from './ta.js';
import { teAnswers, teQuestions } from './te.js';

/** Every language's questions, romanised Hindi included. */
export const QUESTION_PACKS: readonly QuestionPack[] = [
  enQuestions,
  hiQuestions,
  hiLatnQuestions,
  mrQuestions,
  bnQuestions,
  paQuestions,
  taQuestions,
  teQuestions,
  knQuestions,
];

/** Every language's answers; the type makes a missing language or entry a compile error. */
export const ANSWER_PACKS: Readonly<Record<Lang, AnswerPack>> = {
  en: enAnswers,
  hi: hiAnswers,
  mr: mrAnswers,
  bn: bnAnswers,
  pa: paAnswers,
  ta: taAnswers,
  te: teAnswers,
  kn: knAnswers,
};
