// Feedback after a fulfilled match: what each side rates and the quick tags it may add. Codes
// are stored and sent; the web app shows each one translated (`feedback.tags.<code>`).

/** 'pickup': the donor rates the volunteer who carried the food; 'food': the receiver rates the donor's food. */
export const FEEDBACK_KINDS = ['pickup', 'food'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** Quick tags for a volunteer's pickup. */
export const PICKUP_FEEDBACK_TAGS = ['on_time', 'polite', 'careful', 'late'] as const;

/** Quick tags for the food that arrived. */
export const FOOD_FEEDBACK_TAGS = [
  'well_packed',
  'fresh',
  'as_described',
  'not_as_described',
  'poorly_packed',
] as const;

/** Every quick tag of either kind (the input schema's list; the service checks the kind). */
export const FEEDBACK_TAGS = [...PICKUP_FEEDBACK_TAGS, ...FOOD_FEEDBACK_TAGS] as const;
export type FeedbackTag = (typeof FEEDBACK_TAGS)[number];

/** The quick tags offered for one kind of feedback. */
export const FEEDBACK_TAGS_BY_KIND: Readonly<Record<FeedbackKind, readonly FeedbackTag[]>> = {
  pickup: PICKUP_FEEDBACK_TAGS,
  food: FOOD_FEEDBACK_TAGS,
};

/** Tags that say opposite things: choosing one drops the other, and the server refuses both. */
export const OPPOSITE_FEEDBACK_TAGS: readonly (readonly [FeedbackTag, FeedbackTag])[] = [
  ['on_time', 'late'],
  ['well_packed', 'poorly_packed'],
  ['as_described', 'not_as_described'],
];

/** The tag that says the opposite of `tag`, if any. */
export function oppositeFeedbackTag(tag: FeedbackTag): FeedbackTag | undefined {
  for (const [a, b] of OPPOSITE_FEEDBACK_TAGS) {
    if (tag === a) return b;
    if (tag === b) return a;
  }
  return undefined;
}

/** Stars run from 1 to 5, whole stars only; a note is at most 500 characters. */
export const FEEDBACK_LIMITS = { minStars: 1, maxStars: 5, note: 500 } as const;
