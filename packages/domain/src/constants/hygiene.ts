/**
 * The food hygiene course a volunteer passes before their first grab (issue 33, item 6; decision
 * 0067). Its words are in each language's locale file (`hygiene.*`); what is fixed for every
 * language lives here: the topics in their order, the quiz's questions and their options, the
 * mark to pass and how long a pass lasts.
 */

/** The course's topics, in the order they are read. */
export const HYGIENE_TOPICS = [
  'handwashing',
  'temperature',
  'containers',
  'spoilage',
  'allergens',
] as const;
export type HygieneTopic = (typeof HYGIENE_TOPICS)[number];

export const HYGIENE_OPTIONS = ['a', 'b', 'c'] as const;
export type HygieneOption = (typeof HYGIENE_OPTIONS)[number];

export interface HygieneQuestion {
  id: string;
  topic: HygieneTopic;
}

/**
 * Ten questions over the five topics; each has the options a, b and c. The right answers are in
 * `hygiene-key.ts`, which only the grading imports: the web app shows the quiz without them.
 */
export const HYGIENE_QUESTIONS: readonly HygieneQuestion[] = [
  { id: 'washHands', topic: 'handwashing' },
  { id: 'cutOnHand', topic: 'handwashing' },
  { id: 'hotFood', topic: 'temperature' },
  { id: 'chilledFood', topic: 'temperature' },
  { id: 'roomTime', topic: 'temperature' },
  { id: 'rightContainer', topic: 'containers' },
  { id: 'disposalMark', topic: 'containers' },
  { id: 'spoiledSign', topic: 'spoilage' },
  { id: 'inDoubt', topic: 'spoilage' },
  { id: 'allergenWhy', topic: 'allergens' },
];

/** The questions' ids, in the quiz's order. */
export const HYGIENE_QUESTION_IDS = HYGIENE_QUESTIONS.map((q) => q.id);

/** Right answers needed to pass: 8 of 10. */
export const HYGIENE_PASS_MARK = 8;

/** A pass lasts a year; then the volunteer takes the course again before their next grab. */
export const HYGIENE_VALID_DAYS = 365;
