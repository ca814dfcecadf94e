import { readFileSync } from 'node:fs';
import { normalize } from './normalize.js';

/**
 * knowledge/stopwords.json (its "about" says how it is read): function words left out of the
 * search index and queries, per language, and the case endings a word may carry.
 */
interface StopwordsFile {
  lists: Record<string, { note?: string; words: string }>;
  endings: Record<string, string>;
}

const FILE = JSON.parse(
  readFileSync(new URL('../knowledge/stopwords.json', import.meta.url), 'utf8'),
) as StopwordsFile;

// Spoken Kannada drops a word's final "u" (ಎಷ್ಟು -> ಎಷ್ಟ್, ಏನು -> ಏನ್): both forms are stop words.
const FINAL_KANNADA_U = /\u0cc1$/u;

/**
 * Function words of every language: question words, pronouns, particles and auxiliaries that
 * appear in every question and say nothing about its topic (their scripts differ, so one set
 * serves all). Written before normalisation, read after it.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  Object.values(FILE.lists)
    .flatMap(({ words }) => normalize(words).split(' ').filter(Boolean))
    .flatMap((word) => [word, word.replace(FINAL_KANNADA_U, '\u0ccd')]),
);

/**
 * Case endings and plural markers of every language, longest first: what a word may carry
 * after its stem (विनंतीचा, ರಿಕ್ವೆಸ್ಟ್‌ಗೆ, ਘੰਟਿਆਂ, requested).
 */
export const ENDINGS: readonly string[] = [
  ...new Set(Object.values(FILE.endings).flatMap((list) => normalize(list).split(' '))),
]
  .filter(Boolean)
  .sort((a, b) => Array.from(b).length - Array.from(a).length);
