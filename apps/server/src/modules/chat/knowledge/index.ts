import type { AnswerPack } from '../engine/phrases.js';
import type { Lang, QuestionPack } from '../engine/types.js';
import { enAnswers, enQuestions } from './en.js';

/** Every language's questions (romanised Hindi included). */
export const QUESTION_PACKS: readonly QuestionPack[] = [enQuestions];

/** Every language's answers. */
export const ANSWER_PACKS = { en: enAnswers } as unknown as Record<Lang, AnswerPack>;
