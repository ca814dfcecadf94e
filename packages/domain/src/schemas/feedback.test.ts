import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_TAGS_BY_KIND,
  OPPOSITE_FEEDBACK_TAGS,
  oppositeFeedbackTag,
} from '../constants/feedback.js';
import { feedbackInputSchema, tagsFitKind } from './feedback.js';
import { issueCodes } from './test-helpers.js';

describe('feedbackInputSchema', () => {
  it('accepts whole stars from 1 to 5 with a trimmed note and tag codes', () => {
    expect(
      feedbackInputSchema.parse({ stars: 5, note: '  On time  ', tags: ['on_time', 'polite'] }),
    ).toEqual({ stars: 5, note: 'On time', tags: ['on_time', 'polite'] });
    expect(feedbackInputSchema.parse({ stars: 1, note: '   ' })).toEqual({ stars: 1 });
  });

  it('refuses stars outside 1 to 5, fractions, text and a missing value with one code', () => {
    for (const stars of [0, 6, 2.5, 'x', null, undefined])
      expect(issueCodes(feedbackInputSchema, { stars })).toEqual(['stars: FEEDBACK_STARS_INVALID']);
  });

  it('refuses a note over 500 characters, markup, unknown tags and unknown keys', () => {
    expect(issueCodes(feedbackInputSchema, { stars: 3, note: 'a'.repeat(501) })).toEqual([
      'note: TEXT_TOO_LONG',
    ]);
    expect(issueCodes(feedbackInputSchema, { stars: 3, note: '<b>hi</b>' })).toEqual([
      'note: TEXT_MARKUP_NOT_ALLOWED',
    ]);
    expect(issueCodes(feedbackInputSchema, { stars: 3, tags: ['rude'] })).toEqual([
      'tags.0: FEEDBACK_TAG_UNKNOWN',
    ]);
    expect(issueCodes(feedbackInputSchema, { stars: 3, kind: 'food' })).toHaveLength(1);
  });

  it('keeps each kind to its own tags', () => {
    expect(tagsFitKind('pickup', FEEDBACK_TAGS_BY_KIND.pickup)).toBe(true);
    expect(tagsFitKind('food', FEEDBACK_TAGS_BY_KIND.food)).toBe(true);
    expect(tagsFitKind('pickup', ['well_packed'])).toBe(false);
    expect(tagsFitKind('food', ['late'])).toBe(false);
    expect(tagsFitKind('food', [])).toBe(true);
  });
});

describe('feedback tags that contradict each other', () => {
  it('refuses a pair of opposite tags, and takes each alone', () => {
    for (const pair of OPPOSITE_FEEDBACK_TAGS) {
      expect(feedbackInputSchema.safeParse({ stars: 4, tags: [...pair] }).success).toBe(false);
      for (const tag of pair)
        expect(feedbackInputSchema.safeParse({ stars: 4, tags: [tag] }).success).toBe(true);
    }
    expect(oppositeFeedbackTag('fresh')).toBeUndefined();
  });
});
