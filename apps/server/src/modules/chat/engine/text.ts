/**
 * Words as the rules and the search index see them: one tokenizer, so a word is the same word
 * wherever it is compared, and the lexicon entries of the rules matched against those words
 * (as written, or as the same product concept in another script).
 */

import { FINAL_VIRAMA, fold } from './fold.js';
import { normalize, words } from './normalize.js';

// The last text tokenized: a message is read by the rules, the search and the detector in turn.
let last: { text: string; tokens: string[] } = { text: '', tokens: [] };

/** Tokenizer for the search index and queries: normalise, then split. */
export function tokenize(text: string): string[] {
  if (text !== last.text) {
    const tokens = words(normalize(text)).map(foldRomanHindi);
    // "ध्यान रखें", "খেয়াল রাখব": taking care, not keeping food; the verb is part of the idiom.
    last = {
      text,
      tokens: tokens.filter((t, i) => i === 0 || !CARE.has(tokens[i - 1]!) || fold(t) !== 'keep'),
    };
  }
  return last.tokens.slice();
}

// Words that make a following "keep" verb mean "take care" (ध्यान रखना, খেয়াল রাখা).
const CARE = new Set(
  [
    'dhyan',
    'dhyaan',
    'khayal',
    'khyal',
    'kheyal',
    'ध्यान',
    'ধ্যান',
    'খেয়াল',
    'খেয়াল',
    'ਧਿਆਨ',
    'ਖ਼ਿਆਲ',
    'ਖਿਆਲ',
  ].map((w) => normalize(w)),
);

// Spellings of one romanised Hindi word, and English synonyms, folded to one form.
const ROMAN_HINDI_VARIANTS: Record<string, string> = {
  kese: 'kaise',
  kaisey: 'kaise',
  kayse: 'kaise',
  kaese: 'kaise',
  karun: 'karu',
  karoon: 'karu',
  karoo: 'karu',
  khaana: 'khana',
  khanaa: 'khana',
  dan: 'daan',
  donet: 'donate',
  kitna: 'kitne',
  kitni: 'kitne',
  kitnay: 'kitne',
  mera: 'mere',
  meri: 'mere',
  mujhko: 'mujhe',
  muze: 'mujhe',
  muje: 'mujhe',
  hain: 'hai',
  he: 'hai',
  kya: 'kya',
  kyaa: 'kya',
  nahin: 'nahi',
  nhi: 'nahi',
  paas: 'pass',
  pas: 'pass',
  tokan: 'token',
  tokens: 'token',
  bataiye: 'batao',
  bataye: 'batao',
  btao: 'batao',
  chahiye: 'chahie',
  chaiye: 'chahie',
  sakta: 'sakte',
  sakti: 'sakte',
  sakthe: 'sakte',
  // English words for food left over, folded to the one the knowledge base uses.
  extra: 'surplus',
  excess: 'surplus',
  spare: 'surplus',
  leftover: 'surplus',
  leftovers: 'surplus',
};

/** Folds romanised Hindi spelling variants and a few English synonyms (Latin letters only). */
export function foldRomanHindi(word: string): string {
  return ROMAN_HINDI_VARIANTS[word] ?? word;
}

/**
 * Word stems for the index: the first 4 and 6 characters of longer words. Indian languages add
 * case endings and plurals to the end of a word (டோக்கன் / டோக்கன்களை, टोकन / टोकनों), so words
 * sharing a beginning usually share a meaning; a full-word match still scores higher, because it
 * matches the word and its stems.
 */
export function stems(word: string): string[] {
  const chars = Array.from(word);
  const out: string[] = [];
  if (chars.length > 4) out.push(chars.slice(0, 4).join(''));
  if (chars.length > 6) out.push(chars.slice(0, 6).join(''));
  return out;
}

/** A compiled lexicon entry: a phrase of one or more words; a trailing `*` makes it a prefix. */
interface Pattern {
  parts: string[];
  prefix: boolean;
}

const patternCache = new Map<string, Pattern>();

function compile(entry: string): Pattern {
  let pattern = patternCache.get(entry);
  if (!pattern) {
    const prefix = entry.endsWith('*');
    const parts = tokenize(prefix ? entry.slice(0, -1) : entry);
    if (prefix && parts.length > 0) {
      parts[parts.length - 1] = parts[parts.length - 1]!.replace(FINAL_VIRAMA, '');
    }
    pattern = { parts, prefix };
    patternCache.set(entry, pattern);
  }
  return pattern;
}

// Question words and "do" differ in use between languages ("how many" is no "how do I"):
// the rules match them only as written. Rules, prompts and counting are read by the refusal
// detector from concepts; in the lexicons ("নিয়ম" among general words) they stay as written.
const RULE_BLIND_CONCEPTS = new Set([
  'how',
  'do',
  'rules',
  'forget',
  'prompt',
  'admin',
  'count',
  'previous',
  'data',
  'other',
  'everyone',
  'user',
  'list',
]);

/** A lexicon entry ready to match: its words, and the product concept of each (or null). */
interface Compiled {
  order: number;
  entry: string;
  parts: string[];
  /** The concept a word of the entry stands for, when another word of it counts too. */
  concepts: Array<string | null>;
  prefix: boolean;
}

/**
 * A lexicon list indexed by its first word, that word's concept and, for one-word prefixes, the
 * prefix itself, so a message is compared only with the entries that can start at each of its
 * words (built once per list; the lexicons do not change after start).
 */
class EntryIndex {
  private readonly byWord = new Map<string, Compiled[]>();
  private readonly byConcept = new Map<string, Compiled[]>();
  private readonly byPrefix = new Map<string, Compiled[]>();
  private readonly anywhere: Compiled[] = [];
  private longestPrefix = 0;

  constructor(entries: readonly string[]) {
    const seen = new Set<string>();
    // Each entry as written, and as spoken Kannada types it; a match names the entry as written.
    const all = entries.flatMap((entry, order) =>
      [entry, spokenKannada(entry)].map((form) => [form, order, entry] as const),
    );
    all.forEach(([form, order, entry]) => {
      if (seen.has(form)) return;
      seen.add(form);
      const { parts, prefix } = compile(form);
      if (parts.length === 0) return;
      const concepts = parts.map((part) => {
        const concept = fold(part);
        return concept !== part && !RULE_BLIND_CONCEPTS.has(concept) ? concept : null;
      });
      const compiled: Compiled = { order, entry, parts, concepts, prefix };
      const first = parts[0]!;
      if (parts.length === 1 && prefix) {
        if (first.length === 0) this.anywhere.push(compiled);
        else push(this.byPrefix, first, compiled);
        this.longestPrefix = Math.max(this.longestPrefix, first.length);
      } else {
        push(this.byWord, first, compiled);
      }
      if (concepts[0]) push(this.byConcept, concepts[0], compiled);
    });
  }

  /** Every entry found, with where it starts. */
  matches(tokens: readonly string[]): Array<{ entry: Compiled; start: number }> {
    const found: Array<{ entry: Compiled; start: number }> = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const candidates = new Set<Compiled>(this.anywhere);
      for (const c of this.byWord.get(token) ?? []) candidates.add(c);
      for (const c of this.byConcept.get(fold(token)) ?? []) candidates.add(c);
      for (let k = Math.min(token.length, this.longestPrefix); k >= 1; k--) {
        for (const c of this.byPrefix.get(token.slice(0, k)) ?? []) candidates.add(c);
      }
      for (const entry of candidates) {
        if (matchesAt(tokens, i, entry)) found.push({ entry, start: i });
      }
    }
    return found;
  }
}

// Spoken Kannada drops a word's final "u" (ಎಷ್ಟು -> ಎಷ್ಟ್, ನಾನು -> ನಾನ್, ಮಾಡಬೇಕು -> ಮಾಡ್ಬೇಕ್).
const FINAL_KANNADA_U = /\u0cc1(?=\s|$)/gu;

/** The entry as spoken Kannada is typed: a final "ು" becomes a virama. */
export function spokenKannada(text: string): string {
  return text.replace(FINAL_KANNADA_U, '\u0ccd');
}

function push(map: Map<string, Compiled[]>, key: string, value: Compiled): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** True when the entry's words are the words from `start` (the last may be a prefix). */
function matchesAt(tokens: readonly string[], start: number, entry: Compiled): boolean {
  const { parts, concepts, prefix } = entry;
  const last = parts.length - 1;
  if (start + last >= tokens.length) return false;
  for (let j = 0; j <= last; j++) {
    const token = tokens[start + j]!;
    const part = parts[j]!;
    // The same concept in other words or scripts counts too (डोनेशन for "donation*").
    const concept = concepts[j];
    const ok =
      (j === last && prefix ? token.startsWith(part) : token === part) ||
      (concept !== null && fold(token) === concept);
    if (!ok) return false;
  }
  return true;
}

const indexes = new WeakMap<readonly string[], EntryIndex>();

function indexOf(entries: readonly string[]): EntryIndex {
  let index = indexes.get(entries);
  if (!index) {
    index = new EntryIndex(entries);
    indexes.set(entries, index);
  }
  return index;
}

/** Start positions of every entry of a list found in the words. */
export function positionsOf(tokens: readonly string[], entries: readonly string[]): number[] {
  return [
    ...new Set(
      indexOf(entries)
        .matches(tokens)
        .map((m) => m.start),
    ),
  ];
}

/** The first entry of `entries` found in the words, or undefined. */
export function findEntry(
  tokens: readonly string[],
  entries: readonly string[],
): string | undefined {
  let first: Compiled | undefined;
  for (const { entry } of indexOf(entries).matches(tokens)) {
    if (!first || entry.order < first.order) first = entry;
  }
  return first?.entry;
}

/** How many words the entries cover (for "is this message only a greeting?"). */
export function coveredWords(tokens: readonly string[], entries: readonly string[]): number {
  const covered = new Set<number>();
  for (const { entry, start } of indexOf(entries).matches(tokens)) {
    for (let j = 0; j < entry.parts.length; j++) covered.add(start + j);
  }
  return covered.size;
}
