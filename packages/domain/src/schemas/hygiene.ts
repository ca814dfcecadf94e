import { z } from 'zod';
import { HYGIENE_OPTIONS, HYGIENE_QUESTIONS } from '../constants/hygiene.js';
import { isoDateTimeSchema, issue } from './common.js';

const optionSchema = z.enum(HYGIENE_OPTIONS, issue('HYGIENE_ANSWER_MISSING'));

/**
 * The quiz's answers (POST /api/training/quiz): one option for every question, no other keys. A
 * question left out is HYGIENE_ANSWER_MISSING, so a half-filled quiz is never graded.
 */
export const hygieneQuizInputSchema = z.strictObject({
  answers: z.strictObject(
    Object.fromEntries(HYGIENE_QUESTIONS.map((q) => [q.id, optionSchema])) as Record<
      string,
      typeof optionSchema
    >,
    issue('HYGIENE_ANSWER_MISSING'),
  ),
});
export type HygieneQuizInput = z.input<typeof hygieneQuizInputSchema>;

/** Where a volunteer stands with the course: their last pass and until when it holds. */
export const hygieneStatusSchema = z.object({
  passedAt: isoDateTimeSchema.nullable(),
  validUntil: isoDateTimeSchema.nullable(),
  /** The pass holds today: grabs are open to them. */
  current: z.boolean(),
});
export type HygieneStatus = z.infer<typeof hygieneStatusSchema>;

export const hygieneGradeSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  wrong: z.array(z.string()),
  status: hygieneStatusSchema,
});
export type HygieneGradeResponse = z.infer<typeof hygieneGradeSchema>;
