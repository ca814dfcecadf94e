/**
 * Words whose meaning depends on the language (LANGUAGE_SENSES): the message is read with each
 * such word in the sense of the language it is written in, when that language can be told.
 */

import type { Detected } from './language.js';
import type { Lang } from './types.js';
import { LANGUAGE_SENSES } from './vocabulary.js';

const LATIN_WORD = /[A-Za-z]+/g;

/**
 * The language whose senses apply: the one the message's own words tell, else, for a message in
 * Latin letters, the language the user chose for the app (a Kannada reader typing "donation
 * kodi"); null when neither tells.
 */
export function senseLanguage(detected: Detected, chosen?: Lang): Lang | null {
  if (detected.romanised) return detected.romanised;
  if (detected.script === 'latin' && chosen && chosen !== 'en') return chosen;
  return null;
}

/** The message with each word of LANGUAGE_SENSES replaced by its reading in `lang`. */
export function readInLanguage(message: string, lang: Lang | null): string {
  if (!lang) return message;
  return message.replace(LATIN_WORD, (word) => {
    const key = word.toLowerCase();
    return (Object.hasOwn(LANGUAGE_SENSES, key) && LANGUAGE_SENSES[key]![lang]) || word;
  });
}
