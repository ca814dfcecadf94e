import Sanscript from '@indic-transliteration/sanscript';
import { fold } from './fold.js';
import { normalize } from './normalize.js';
import { ENDINGS, STOPWORDS } from './stopwords.js';
import type { Lang } from './types.js';

/**
 * Understanding by similarity (decision 0057): a message is compared with every example question
 * of every topic, and the topics whose examples are closest come first. Each text becomes a
 * TF-IDF vector of three kinds of feature:
 * - its words, split by `Intl.Segmenter` (which knows where Indic words end), stop words left out;
 * - the vocabulary concept of each word (`fold`: डोनेशन, দান and "donation" are one concept);
 * - character 3-grams of each word's skeleton (vowel signs, viramas and Latin vowels dropped),
 *   which tolerate spelling slips, endings (ಡೆಲಿವರಿಗೆ, donationki) and loose transliteration;
 * - each word that carries a case ending, also without it, at half weight
 *   (knowledge/stopwords.json, `endings`), so विनंतीचा meets विनंती and "listed" meets "list".
 * In a long message in Latin letters of several sentences or clauses, the one that asks (ending
 * in "?", with "how" or opening with a question word) weighs more than the story before it
 * ("we're a hotel ... how do I put it up here").
 * A message in Latin letters is also read transliterated into the Indian script of the chosen
 * language (and of the language its words point to), so "khana kaise daan karen" meets
 * "खाना कैसे दान करें". Cosine similarity keeps scores in 0..1, so "weak" has one meaning in
 * every language.
 */

/** One example question of a topic or intent. */
export interface Example {
  topic: string;
  text: string;
}

/** A topic and how close its closest example is to the message (cosine, 0..1). */
export interface Similar {
  topic: string;
  score: number;
}

// Weights of the three kinds of feature in a vector.
const WORD_WEIGHT = 1;
const CONCEPT_WEIGHT = 1;
const GRAM_WEIGHT = 0.35;
const GRAM = 3;
const STEM_WEIGHT = 0.5;
// A message this long (in words) with several parts is read with its asking part weighed up.
const LONG_MESSAGE = 8;
const QUESTION_WEIGHT = 2;
// Question words and light verbs ("how", "do", "take"): they shape every question alike, so they
// count for little ("ఈరోజు వాతావరణం ఎలా ఉంటుంది", the weather, is no question of the product).
const LIGHT_CONCEPTS = new Set(['how', 'do', 'my', 'take', 'go', 'now', 'meaning']);
const LIGHT_WEIGHT = 0.25;

const SEGMENTER = new Intl.Segmenter('und', { granularity: 'word' });

/** Words of a text, split by Intl.Segmenter after the engine's normalisation. */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  for (const part of SEGMENTER.segment(normalize(text))) {
    if (part.isWordLike) out.push(part.segment);
  }
  return out;
}

const MARKS = /\p{M}/gu;
const LATIN_WORD = /^[a-z0-9']+$/;

/** A word without what spelling varies most in: vowel signs and viramas, Latin vowels inside. */
function wordSkeleton(word: string): string {
  if (LATIN_WORD.test(word)) {
    // "kaise", "kese", "kaisey": the consonants carry the word; doubled letters are one.
    const folded = word
      .replace(/(.)\1+/g, '$1')
      .replace(/(?<=.)[aeiouy]+/g, '')
      .replace(/[wv]/g, 'v')
      .replace(/[zj]/g, 'j');
    return folded || word;
  }
  return word.replace(MARKS, '') || word;
}

function grams(word: string): string[] {
  const padded = `<${wordSkeleton(word)}>`;
  const chars = Array.from(padded);
  if (chars.length <= GRAM) return [`g:${padded}`];
  const out: string[] = [];
  for (let i = 0; i + GRAM <= chars.length; i++) out.push(`g:${chars.slice(i, i + GRAM).join('')}`);
  return out;
}

const LETTER = /\p{L}/gu;
const letters = (text: string) => text.match(LETTER)?.length ?? 0;

/** A word without the longest case ending it carries, when enough of it is left. */
export function stem(word: string): string {
  const least = LATIN_WORD.test(word) ? 3 : 2;
  for (const ending of ENDINGS) {
    if (word.length > ending.length && word.endsWith(ending)) {
      const rest = word.slice(0, -ending.length);
      if (letters(rest) >= least) return rest;
    }
  }
  return word;
}

// Words a question in English begins with.
const ASKING = new Set(
  'what where which who when why can could do does did is are should will would'.split(' '),
);

// Sentence and clause breaks: a long message is a story and, somewhere in it, the question.
const PARTS = /[.?!।॥\n,;:]+/u;

/**
 * The words of a text, each with its weight: in a long message of several parts, the words of
 * the part that asks count QUESTION_WEIGHT times.
 */
function weighedWords(text: string): Array<[string, number]> {
  const parts = text
    .split(PARTS)
    .map((part) => segmentWords(part))
    .filter((part) => part.length > 0);
  const all = parts.flat();
  // Only in Latin letters: Indian-language messages put the verb, a generic "can I give", last
  // and the topic in the clause before it (measured: weighing the last part lost there).
  if (parts.length < 2 || all.length < LONG_MESSAGE || INDIC_TEXT.test(text)) {
    return all.map((w) => [w, 1]);
  }
  const marked = text.trimEnd().endsWith('?') ? parts.length - 1 : -1;
  const asking =
    marked >= 0
      ? marked
      : parts.findLastIndex((part) => part.some((w) => fold(w) === 'how') || ASKING.has(part[0]!));
  if (asking < 0) return all.map((w) => [w, 1]);
  return parts.flatMap((part, i) =>
    part.map((w): [string, number] => [w, i === asking ? QUESTION_WEIGHT : 1]),
  );
}

/** The features of a text, with their raw weights. */
function features(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string, weight: number) => counts.set(key, (counts.get(key) ?? 0) + weight);
  for (const [word, weight] of weighedWords(text)) {
    if (STOPWORDS.has(word)) continue;
    const concept = fold(word);
    if (STOPWORDS.has(concept)) continue;
    const light = (LIGHT_CONCEPTS.has(concept) ? LIGHT_WEIGHT : 1) * weight;
    add(`w:${word}`, WORD_WEIGHT * light);
    if (concept !== word) add(`c:${concept}`, CONCEPT_WEIGHT * light);
    // A word without its ending, when it had one (the whole word is a feature already).
    const base = stem(word);
    if (base !== word) add(`w:${base}`, STEM_WEIGHT * light);
    for (const gram of grams(word)) add(gram, GRAM_WEIGHT * light);
  }
  return counts;
}

// The script a romanised message is read in, for each chat language.
const SCRIPT_OF: Partial<Record<Lang, string>> = {
  hi: 'devanagari',
  mr: 'devanagari',
  bn: 'bengali',
  pa: 'gurmukhi',
  ta: 'tamil',
  te: 'telugu',
  kn: 'kannada',
};

const LATIN_TEXT = /[a-z]/i;
const INDIC_TEXT = /[\u0900-\u0dff]/u;

/** A Latin-letter text in the script of `lang` (romanised Indic words become that script). */
export function transliterate(text: string, lang: Lang): string | null {
  const script = SCRIPT_OF[lang];
  if (!script || !LATIN_TEXT.test(text) || INDIC_TEXT.test(text)) return null;
  // ITRANS reads capitals as other letters (T, D, N): the message is read in lower case.
  return Sanscript.t(normalize(text), 'itrans', script);
}

/** Sublinear term frequency: a word said twice is not twice the topic (weights below 1 stay). */
const sublinear = (weight: number) => (weight > 1 ? 1 + Math.log(weight) : weight);

interface Vector {
  keys: string[];
  weights: Float64Array;
}

/**
 * TF-IDF vectors of every example, an inverted index from feature to examples, and cosine
 * similarity of a message against them.
 */
export class SimilarityIndex {
  private readonly idf = new Map<string, number>();
  private readonly postings = new Map<string, Array<{ doc: number; weight: number }>>();
  private readonly topics: string[] = [];
  private readonly maxIdf: number;

  constructor(examples: readonly Example[]) {
    const raw = examples.map((e) => features(e.text));
    const df = new Map<string, number>();
    for (const f of raw) for (const key of f.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    const n = raw.length;
    for (const [key, count] of df) this.idf.set(key, Math.log((n + 1) / (count + 1)) + 1);
    this.maxIdf = Math.log(n + 1) + 1;
    raw.forEach((f, doc) => {
      const vector = this.vector(f);
      this.topics.push(examples[doc]!.topic);
      vector.keys.forEach((key, i) => {
        let list = this.postings.get(key);
        if (!list) this.postings.set(key, (list = []));
        list.push({ doc, weight: vector.weights[i]! });
      });
    });
  }

  private vector(counts: Map<string, number>): Vector {
    const keys: string[] = [];
    const values: number[] = [];
    let norm = 0;
    for (const [key, count] of counts) {
      const idf = this.idf.get(key);
      if (idf === undefined) continue;
      const w = sublinear(count) * idf;
      keys.push(key);
      values.push(w);
      norm += w * w;
    }
    const length = Math.sqrt(norm) || 1;
    return { keys, weights: Float64Array.from(values, (v) => v / length) };
  }

  /** Cosine similarity of a text against every example, best per topic. */
  private scoreText(text: string, best: Map<string, number>): void {
    const f = features(text);
    // A feature no example has weighs like the rarest one: it still counts in the message's
    // length, so a message of mostly unknown words is a weak match.
    const weights = new Map<string, number>();
    let norm = 0;
    for (const [key, count] of f) {
      const w = sublinear(count) * (this.idf.get(key) ?? this.maxIdf);
      weights.set(key, w);
      norm += w * w;
    }
    const length = Math.sqrt(norm) || 1;
    const dots = new Map<number, number>();
    for (const [key, w] of weights) {
      const list = this.postings.get(key);
      if (!list) continue;
      const q = w / length;
      for (const { doc, weight } of list) dots.set(doc, (dots.get(doc) ?? 0) + q * weight);
    }
    for (const [doc, dot] of dots) {
      const topic = this.topics[doc]!;
      if (dot > (best.get(topic) ?? 0)) best.set(topic, dot);
    }
  }

  /**
   * Topics by the closest of their examples, best first. A message in Latin letters is scored as
   * written and as transliterated into the scripts of `langs`; each topic keeps its best score.
   */
  rank(text: string, langs: readonly Lang[] = []): Similar[] {
    return rankReadings(text, langs, (reading, best) => this.scoreText(reading, best));
  }
}

/**
 * Topics, best first, by the best score any reading of a text gets: as written and, for Latin
 * letters, transliterated into the scripts of `langs`. `score` raises each topic's entry in `best`
 * to the score of its closest example for one reading.
 */
export function rankReadings(
  text: string,
  langs: readonly Lang[],
  score: (reading: string, best: Map<string, number>) => void,
): Similar[] {
  const best = new Map<string, number>();
  score(text, best);
  for (const lang of new Set(langs)) {
    const other = transliterate(text, lang);
    if (other) score(other, best);
  }
  return [...best]
    .map(([topic, value]) => ({ topic, score: value }))
    .sort((a, b) => b.score - a.score);
}
