import { z } from 'zod';
import {
  FEEDBACK_KINDS,
  FEEDBACK_LIMITS,
  FEEDBACK_TAGS,
  FEEDBACK_TAGS_BY_KIND,
  oppositeFeedbackTag,
  type FeedbackTag,
} from '../constants/feedback.js';
import { idSchema, isoDateTimeSchema, issue, optionalText } from './common.js';

/** Whole stars from 1 to 5; anything else (0, 6, 2.5, "x", missing) is FEEDBACK_STARS_INVALID. */
export const feedbackStarsSchema = z
  .number(issue('FEEDBACK_STARS_INVALID'))
  .int(issue('FEEDBACK_STARS_INVALID'))
  .min(FEEDBACK_LIMITS.minStars, issue('FEEDBACK_STARS_INVALID'))
  .max(FEEDBACK_LIMITS.maxStars, issue('FEEDBACK_STARS_INVALID'));

/**
 * A rating of a fulfilled request (POST /api/requests/{id}/feedback). The kind comes from who
 * the caller is on the request (the donor rates the pickup, the destination the food), so the
 * body holds only the stars, an optional note and quick tags (codes of that kind).
 */
export const feedbackInputSchema = z.strictObject({
  stars: feedbackStarsSchema,
  note: optionalText(FEEDBACK_LIMITS.note, { multiline: true }),
  tags: z
    .array(z.enum(FEEDBACK_TAGS, issue('FEEDBACK_TAG_UNKNOWN')), issue('INVALID_VALUE'))
    .max(FEEDBACK_TAGS.length, issue('INVALID_VALUE'))
    .refine(
      (tags) => !tags.some((tag) => tags.includes(oppositeFeedbackTag(tag) as FeedbackTag)),
      issue('INVALID_VALUE'),
    )
    .optional(),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

/** True when every tag belongs to the kind being rated (a food tag on a pickup is refused). */
export function tagsFitKind(
  kind: (typeof FEEDBACK_KINDS)[number],
  tags: readonly string[],
): boolean {
  const allowed: readonly string[] = FEEDBACK_TAGS_BY_KIND[kind];
  return tags.every((t) => allowed.includes(t));
}

/** A rating as the API returns it to the person who gave it. */
export const feedbackSchema = z.object({
  id: idSchema,
  requestId: idSchema,
  kind: z.enum(FEEDBACK_KINDS),
  stars: z.number().int(),
  note: z.string().nullable(),
  tags: z.array(z.enum(FEEDBACK_TAGS)),
  createdAt: isoDateTimeSchema,
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** A person's rating: the average of the stars they received and how many ratings it holds. */
export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/**
 * What the caller may rate on a request and what they gave: `stars` null while not rated yet.
 * Null on the request when the caller has nothing to rate there.
 */
export const myFeedbackSchema = z.object({
  kind: z.enum(FEEDBACK_KINDS),
  stars: z.number().int().nullable(),
});
export type MyFeedback = z.infer<typeof myFeedbackSchema>;
