import { readFileSync } from 'node:fs';
import type { Lang } from './types.js';

/** knowledge/vocabulary.json: the product's words, kept as data (its "about" says how). */
interface VocabularyFile {
  concepts: Record<string, { notes?: string[]; words: (string | { note: string })[] }>;
  languageSenses: Record<string, { notes?: string[]; readings: Partial<Record<Lang, string>> }>;
}

const FILE = JSON.parse(
  readFileSync(new URL('../knowledge/vocabulary.json', import.meta.url), 'utf8'),
) as VocabularyFile;

/**
 * The product's vocabulary in every script and in Latin letters: each concept, named by an
 * English word, with the words that mean it (a trailing `*` makes a word a prefix, a trailing
 * `=` makes it count only exactly as written). People write English loanwords in their own
 * script (डोनेशन, పికప్), use the native word (दान, విరాళం), romanise either (daan, viralam) or
 * type a spoken form; every such word folds to one concept, so a question and a sample question
 * that say the same thing in different words meet on it. The words are data
 * (knowledge/vocabulary.json), with notes on why a word is there.
 */
export const VOCABULARY: Record<string, string[]> = Object.fromEntries(
  Object.entries(FILE.concepts).map(([concept, { words }]) => [
    concept,
    words.filter((word): word is string => typeof word === 'string'),
  ]),
);

/**
 * Latin words that mean different things in different languages, each with what it is read as
 * in a language where its meaning differs from its reading in VOCABULARY: an English word that
 * the vocabulary folds to that meaning (or, when the word has none of the product's meanings
 * there, an English word that has none either). The engine substitutes it when the message is
 * told to be in that language (language.ts, `romanised`); where the language cannot be told,
 * the word keeps its reading in VOCABULARY.
 */
export const LANGUAGE_SENSES: Readonly<Record<string, Partial<Record<Lang, string>>>> =
  Object.fromEntries(
    Object.entries(FILE.languageSenses).map(([word, { readings }]) => [word, readings]),
  );
