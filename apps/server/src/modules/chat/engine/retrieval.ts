import MiniSearch from 'minisearch';
import type { AnswerPack } from './phrases.js';
import { STOPWORDS } from './stopwords.js';
import { MARKS, compounds, fold } from './fold.js';
import { stems, tokenize } from './text.js';
import type { Intent, KnowledgeId, Lang, QuestionLang, QuestionPack } from './types.js';
import { VOCABULARY } from './vocabulary.js';

// Concepts that name something of the product (not "how", "give", "food" or "my").
const GENERIC_CONCEPTS = new Set([
  'how',
  'my',
  'give',
  'keep',
  'food',
  'become',
  'join',
  'do',
  'take',
  'go',
  'now',
  'next',
  'hello',
  'meaning',
  'kind',
  'difference',
  // Read by the refusal detector only.
  'other',
  'everyone',
  'user',
  'data',
  'previous',
  'rules',
  'forget',
  'prompt',
  'admin',
  'list',
]);
export const PRODUCT_CONCEPTS: ReadonlySet<string> = new Set(
  Object.keys(VOCABULARY).filter((c) => !GENERIC_CONCEPTS.has(c)),
);
// Concepts a topic's sample questions can have in common: product words, and question marks
// made of two words ("can" with "give": is this food allowed).
const KEY_CANDIDATES: ReadonlySet<string> = new Set([...PRODUCT_CONCEPTS, ...MARKS]);

/**
 * A topic's distinctive concepts: product words found in at least half of its sample questions
 * (all languages pooled), such as "delete" for deleting a donation or "map" for the map. A
 * question without one of them is less likely to be about that topic, however many other words
 * it shares ("how do I donate" is not "how do I delete a donation").
 */
export const KEY_SHARE = 0.5;
/** Score kept when a question has none of a topic's distinctive concepts. */
export const MISSING_KEY_FACTOR = 0.6;

/** A concept that is distinctive of this many topics or more distinguishes none of them. */
export const MAX_KEY_TOPICS = 2;

function conceptsOf(line: string): Set<string> {
  const tokens = tokenize(line);
  const concepts = new Set([...tokens.map(fold), ...compounds(tokens)]);
  // Giving food away is donating it ("how do I give leftover food").
  if (concepts.has('give')) concepts.add('donate');
  return concepts;
}

/** One indexed document: the sample questions (and, for knowledge, the answer) of one language. */
interface Doc {
  id: string;
  target: KnowledgeId | Intent;
  kind: 'knowledge' | 'intent';
  lang: QuestionLang;
  questions: string;
  answer: string;
}

/** The best document of one knowledge entry or intent for a query. */
export interface Candidate {
  target: KnowledgeId | Intent;
  kind: 'knowledge' | 'intent';
  score: number;
  /** Share of the query's content words found in the document (0..1). */
  coverage: number;
}

/**
 * Stop words are dropped; every other word is indexed with its stems and the vocabulary concept
 * it stands for (word pairs as they are).
 */
function processTerm(term: string): string[] | null {
  if (STOPWORDS.has(term)) return null;
  if (term.includes(PAIR)) return [term];
  const concept = fold(term);
  // "cheyali", "करायचं": a function word in other letters ("do") says nothing about the topic.
  if (STOPWORDS.has(concept)) return null;
  return concept === term ? [term, ...stems(term)] : [term, concept, ...stems(term)];
}

const PAIR = '\u00b7';
const short = (word: string) => Array.from(word).slice(0, 4).join('');

/**
 * Words plus pairs of neighbouring content words ("donate·food"), line by line. A pair match
 * means the question is phrased like a sample question, which single common words ("food",
 * "donate") cannot tell. Pairs use the first four letters of each word, to survive endings, and the vocabulary's
 * concept of each word, so a pair typed in another script or word order still meets.
 */
function tokenizeWithPairs(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const all = tokenize(line);
    const implied = compounds(all);
    out.push(...all, ...implied);
    const content = all.map(fold).filter((w) => !STOPWORDS.has(w));
    content.push(...implied);
    // Neighbours and words one apart, in either order: Indian languages put the verb last and
    // the question word in between ("volunteer ela avvali" / "how to become a volunteer").
    for (let i = 0; i + 1 < content.length; i++) {
      for (const j of [i + 1, i + 2]) {
        if (j >= content.length) break;
        const [a, b] = [short(content[i]!), short(content[j]!)].sort();
        out.push(`${a}${PAIR}${b}`);
      }
    }
  }
  return out;
}

/** Words of a query that carry meaning (not stop words). */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((w) => !STOPWORDS.has(w) && !STOPWORDS.has(fold(w)));
}

const LATIN = /^[a-z]+$/;

/**
 * Full-text search (BM25, minisearch) over the knowledge base and the intents' sample questions
 * in every language. Sample questions weigh six times the answer text; documents in the
 * language the question was written in get a small boost.
 */
export class KnowledgeIndex {
  private readonly search: MiniSearch<Doc>;
  private readonly keys = new Map<string, string[]>();
  /** Every indexed term: a query word found among them is no typing slip. */
  private readonly terms = new Set<string>();

  constructor(questions: readonly QuestionPack[], answers: Readonly<Record<Lang, AnswerPack>>) {
    this.search = new MiniSearch<Doc>({
      fields: ['questions', 'answer'],
      storeFields: ['target', 'kind', 'lang'],
      tokenize: tokenizeWithPairs,
      processTerm,
    });
    const docs: Doc[] = [];
    for (const pack of questions) {
      const answerPack = pack.lang === 'hi-Latn' ? undefined : answers[pack.lang];
      for (const [target, list] of Object.entries(pack.knowledge) as Array<
        [KnowledgeId, string[]]
      >) {
        docs.push({
          id: `${pack.lang}:k:${target}`,
          target,
          kind: 'knowledge',
          lang: pack.lang,
          questions: list.join('\n'),
          answer: answerPack?.answers[target] ?? '',
        });
      }
      for (const [target, list] of Object.entries(pack.intents) as Array<[Intent, string[]]>) {
        docs.push({
          id: `${pack.lang}:i:${target}`,
          target,
          kind: 'intent',
          lang: pack.lang,
          questions: list.join('\n'),
          answer: '',
        });
      }
    }
    this.search.addAll(docs);
    for (const doc of docs) {
      for (const token of tokenizeWithPairs(`${doc.questions}\n${doc.answer}`)) {
        for (const term of processTerm(token) ?? []) this.terms.add(term);
      }
    }
    const lines = new Map<string, string[]>();
    for (const pack of questions) {
      for (const [target, list] of Object.entries(pack.knowledge)) {
        lines.set(target, [...(lines.get(target) ?? []), ...list]);
      }
    }
    const topicsOf = new Map<string, number>();
    for (const [target, list] of lines) {
      const counts = new Map<string, number>();
      for (const line of list) {
        for (const c of conceptsOf(line)) {
          if (KEY_CANDIDATES.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
        }
      }
      const keys = [...counts].filter(([, n]) => n >= KEY_SHARE * list.length).map(([c]) => c);
      for (const c of keys) topicsOf.set(c, (topicsOf.get(c) ?? 0) + 1);
      this.keys.set(target, keys);
    }
    for (const [target, keys] of this.keys) {
      this.keys.set(
        target,
        keys.filter((c) => topicsOf.get(c)! <= MAX_KEY_TOPICS),
      );
    }
  }

  /** The distinctive concepts of a knowledge topic (see KEY_SHARE). */
  keyConcepts(target: string): readonly string[] {
    return this.keys.get(target) ?? [];
  }

  /** Entries and intents for a query, best first, one line per target. */
  find(text: string, preferLang: QuestionLang | null): Candidate[] {
    const content = contentWords(text);
    if (content.length === 0) return [];
    const results = this.search.search(text, {
      boost: { questions: 3, answer: 0.25 },
      // Typing slips only: a word the index holds as written is not also read as its neighbours
      // (the fuzzy walk over the index is most of a search's time).
      fuzzy: (term) =>
        LATIN.test(term) && term.length >= 5 && !this.terms.has(term) ? 0.2 : false,
      boostDocument: (_id, _term, stored) => (stored?.lang === preferLang ? 1.25 : 1),
    });
    const asked = conceptsOf(text);
    // The question's own product words: a topic that matches none of them matched only its
    // function words ("बैज कैसे मिलेगा" is not "how do I get food" because both say "how get").
    const products = [...asked].filter((c) => PRODUCT_CONCEPTS.has(c));
    const best = new Map<string, Candidate>();
    for (const result of results) {
      const target = result.target as Candidate['target'];
      if (best.has(target)) continue;
      const matched = new Set(result.queryTerms);
      const found = content.filter(
        (w) => matched.has(w) || matched.has(fold(w)) || stems(w).some((s) => matched.has(s)),
      );
      const keys = this.keyConcepts(target);
      // A topic asked in a way of its own ("can I give ...?") needs that way in the question.
      const lacksKeys =
        (keys.length > 0 && !keys.some((c) => asked.has(c))) ||
        keys.some((c) => MARKS.has(c) && !asked.has(c));
      const missesProducts = products.length > 0 && !products.some((c) => matched.has(c));
      best.set(target, {
        target,
        kind: result.kind as Candidate['kind'],
        score:
          result.score *
          (lacksKeys ? MISSING_KEY_FACTOR : 1) *
          (missesProducts ? MISSING_KEY_FACTOR : 1),
        coverage: found.length / content.length,
      });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}
