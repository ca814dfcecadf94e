/**
 * One normalisation for every text the assistant compares: NFC, lower case, zero-width joiners and
 * keyboard spelling variants folded, punctuation turned into spaces. Indic vowel signs and viramas
 * are kept (they are letters, not punctuation).
 */

// Zero-width (non-)joiners change how a word looks, not what it says.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
// Devanagari nukta (फ़ = फ) and chandrabindu (ँ = ं): typed either way by different keyboards.
const NUKTA = /\u093c/g;
const CHANDRABINDU = /\u0901/g;
// Marathi's "ॲ" (ॲप, ॲक्सेप्ट) is typed as one letter, as अ with a candra sign, or as ऍ; all
// three are folded to ए, the letter Hindi uses for the same English sound (एक्सेप्ट).
const CANDRA_A = /\u0972|\u0905\u0945|\u090d/g;
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
      .replace(CANDRA_A, '\u090f')
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
