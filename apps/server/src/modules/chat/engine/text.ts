/**
 * Words as the rules and the search index see them: one tokenizer, so a word is the same word
 * wherever it is compared, and the lexicon entries of the rules matched against those words
 * (as written, or as the same product concept in another script).
 */

import { FINAL_VIRAMA, fold } from './fold.js';
import { normalize, words } from './normalize.js';

/** Tokenizer for the search index and queries: normalise, then split. */
export function tokenize(text: string): string[] {
  const tokens = words(normalize(text)).map(foldRomanHindi);
  // "ध्यान रखें", "খেয়াল রাখব": taking care, not keeping food; the verb is part of the idiom.
  return tokens.filter((t, i) => i === 0 || !CARE.has(tokens[i - 1]!) || fold(t) !== 'keep');
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

/** Two words that stand for the same product concept (डोनेशन and "donation*"). */
function sameConcept(token: string, part: string): boolean {
  const concept = fold(part);
  return concept !== part && !RULE_BLIND_CONCEPTS.has(concept) && fold(token) === concept;
}

/** Where the lexicon entry starts in the words (whole words; the last may be a prefix). */
export function entryPositions(tokens: readonly string[], entry: string): number[] {
  const { parts, prefix } = compile(entry);
  const found: number[] = [];
  if (parts.length === 0) return found;
  const last = parts.length - 1;
  for (let i = 0; i + last < tokens.length; i++) {
    let ok = true;
    for (let j = 0; j <= last && ok; j++) {
      const token = tokens[i + j]!;
      const part = parts[j]!;
      // The same concept in other words or scripts counts too (डोनेशन for "donation*").
      ok =
        (j === last && prefix ? token.startsWith(part) : token === part) ||
        sameConcept(token, part);
    }
    if (ok) found.push(i);
  }
  return found;
}

/** True when the words contain the lexicon entry. */
export function hasEntry(tokens: readonly string[], entry: string): boolean {
  return entryPositions(tokens, entry).length > 0;
}

/** Start positions of every entry of a list found in the words. */
export function positionsOf(tokens: readonly string[], entries: readonly string[]): number[] {
  return entries.flatMap((entry) => entryPositions(tokens, entry));
}

/** The first entry of `entries` found in the words, or undefined. */
export function findEntry(
  tokens: readonly string[],
  entries: readonly string[],
): string | undefined {
  return entries.find((entry) => hasEntry(tokens, entry));
}

/** How many words the entries cover (for "is this message only a greeting?"). */
export function coveredWords(tokens: readonly string[], entries: readonly string[]): number {
  const covered = new Set<number>();
  for (const entry of entries) {
    const size = compile(entry).parts.length;
    for (const start of entryPositions(tokens, entry)) {
      for (let j = 0; j < size; j++) covered.add(start + j);
    }
  }
  return covered.size;
}
