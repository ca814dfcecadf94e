/**
 * Text handling shared by the rules and the search index: one normalisation and one tokenizer,
 * so a word is the same word wherever it is compared. Indic vowel signs and viramas are kept
 * (they are letters, not punctuation); zero-width joiners and spelling variants are folded.
 */

// Zero-width (non-)joiners change how a word looks, not what it says.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
// Devanagari nukta (फ़ = फ) and chandrabindu (ँ = ं): typed either way by different keyboards.
const NUKTA = /\u093c/g;
const CHANDRABINDU = /\u0901/g;
// Apostrophes join a word ("i'm"); all other punctuation and symbols separate words.
const SEPARATORS = /[^\p{L}\p{M}\p{N}'’]+/gu;

/** NFC, lower case, joiners and spelling variants folded, punctuation turned into spaces. */
export function normalize(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(ZERO_WIDTH, '')
      .normalize('NFD')
      .replace(NUKTA, '')
      .normalize('NFC')
      .replace(CHANDRABINDU, '\u0902')
      .toLowerCase()
      .replace(/’/g, "'")
      // "user's donations": the possessive ending is not part of the word.
      .replace(/'s(?=[^\p{L}]|$)/gu, '')
      .replace(SEPARATORS, ' ')
      .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Words of a normalised text. */
export function words(normalized: string): string[] {
  return normalized ? normalized.split(' ') : [];
}

/** Tokenizer for the search index and queries: normalise, then split. */
export function tokenize(text: string): string[] {
  return words(normalize(text)).map(foldRomanHindi);
}

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

// A word-final virama (பயனர், ਟੋਕਨ੍) becomes a vowel sign once an ending is added (பயனரின்), so
// a prefix pattern must not require it.
const FINAL_VIRAMA = /[\u094d\u09cd\u0a4d\u0bcd\u0c4d\u0ccd]$/u;

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
      ok = j === last && prefix ? token.startsWith(parts[j]!) : token === parts[j];
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
