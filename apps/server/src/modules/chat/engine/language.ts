import type { Lang } from './types.js';
import { normalize, words } from './normalize.js';
import { languageWords, romanisedLanguages } from './words.js';

/** The writing system of a message, from its letters' Unicode blocks. */
export type Script =
  | 'latin'
  | 'devanagari'
  | 'bengali'
  | 'gurmukhi'
  | 'tamil'
  | 'telugu'
  | 'kannada'
  | 'other'
  | 'none';

/**
 * What the message is written in. `romanHindi` is Hindi typed in Latin letters; `romanised` is
 * the Indian language a Latin-letter message is written in, when its words tell (Hindi, or
 * Kannada, Telugu or Tamil by their own function words), else null.
 */
export interface Detected {
  script: Script;
  language: Lang | null;
  romanHindi: boolean;
  romanised: Lang | null;
}

const BLOCKS: Array<[number, number, Script]> = [
  [0x0900, 0x097f, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
];

const SCRIPT_LANGUAGE: Partial<Record<Script, Lang>> = {
  bengali: 'bn',
  gurmukhi: 'pa',
  tamil: 'ta',
  telugu: 'te',
  kannada: 'kn',
};

/** The script most of the message's letters belong to. */
export function detectScript(text: string): Script {
  const counts = new Map<Script, number>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    let script: Script | undefined;
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) script = 'latin';
    else {
      for (const [from, to, name] of BLOCKS) {
        if (code >= from && code <= to) {
          script = name;
          break;
        }
      }
      if (!script && /\p{L}/u.test(char)) script = 'other';
    }
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: Script = 'none';
  let most = 0;
  for (const [script, count] of counts) {
    if (count > most) {
      best = script;
      most = count;
    }
  }
  return best;
}

// Function words that tell Marathi from Hindi (both are written in Devanagari).
const MARATHI_WORDS = new Set(languageWords('mr', 'functionWords'));
const HINDI_WORDS = new Set(languageWords('hi', 'functionWords'));

// Romanised Hindi words that English does not use.
const ROMAN_HINDI_WORDS = new Set(languageWords('hi', 'romanised'));
// Words that appear in both ("me" is English too): they count only alongside another sign.
const AMBIGUOUS_ROMAN = new Set(languageWords('hi', 'romanisedShared'));

// Romanised Kannada, Telugu and Tamil words that the other two (and Hindi and English) do not use:
// function words, question words and the commonest verbs ("nanage oota kodi", "donation ela
// cheyali", "saapadu eppadi kudukkanum"). Hindi has a check of its own (isRomanHindi).
const ROMAN_WORDS: ReadonlyArray<[Lang, ReadonlySet<string>]> = romanisedLanguages()
  .filter((lang) => lang !== 'hi')
  .map((lang) => [lang, new Set(languageWords(lang, 'romanised'))]);

/** Kannada, Telugu or Tamil in Latin letters, when more of the message's words say one of them. */
export function romanisedLanguage(tokens: readonly string[]): Lang | null {
  let best: Lang | null = null;
  let most = 0;
  let tie = false;
  for (const [lang, list] of ROMAN_WORDS) {
    const count = tokens.filter((t) => list.has(t)).length;
    if (count > most) {
      best = lang;
      most = count;
      tie = false;
    } else if (count === most && count > 0) tie = true;
  }
  return tie ? null : best;
}

/** eld (n-gram language identification) restricted to Hindi and Marathi, loaded on first use. */
interface HindiMarathiDetector {
  detect(text: string): { language: string };
}
let detector: HindiMarathiDetector | null = null;
let loading: Promise<void> | null = null;

/** Loads the n-gram model (about half a second, once per process). */
export function loadLanguageModel(): Promise<void> {
  loading ??= import('eld/extrasmall').then(({ eld }) => {
    const instance = eld.newInstance();
    instance.setLanguageSubset(['hi', 'mr']);
    detector = instance;
  });
  return loading;
}

function devanagariLanguage(tokens: string[], text: string): Lang {
  let marathi = 0;
  let hindi = 0;
  for (const token of tokens) {
    if (MARATHI_WORDS.has(token)) marathi += 1;
    if (HINDI_WORDS.has(token)) hindi += 1;
    // Marathi's genitive and plural endings: माझ्या, दानाचे, देणग्यांची.
    if (/(चे|ची|चा|च्या|ांना|ांचे)$/u.test(token)) marathi += 0.5;
  }
  if (marathi > hindi) return 'mr';
  if (hindi > marathi) return 'hi';
  // A tie (often no function word at all): the n-gram model decides, when it is loaded.
  if (detector) {
    const found = detector.detect(text).language;
    if (found === 'mr') return 'mr';
  }
  return 'hi';
}

/** True when a Latin-letter message reads as Hindi rather than English. */
export function isRomanHindi(tokens: readonly string[]): boolean {
  let strong = 0;
  let weak = 0;
  for (const token of tokens) {
    if (!ROMAN_HINDI_WORDS.has(token)) continue;
    if (AMBIGUOUS_ROMAN.has(token)) weak += 1;
    else strong += 1;
  }
  return strong >= 2 || (strong >= 1 && weak >= 1) || (strong >= 1 && tokens.length <= 2);
}

/**
 * Script by Unicode block, then the language: Devanagari splits into Hindi and Marathi by
 * function words and the n-gram model; Latin splits into English and romanised Hindi, and
 * romanised Kannada, Telugu and Tamil are told by their own words.
 */
export function detectLanguage(text: string, tokens = words(normalize(text))): Detected {
  const script = detectScript(text);
  if (script === 'devanagari') {
    const language = devanagariLanguage(tokens, text);
    return { script, language, romanHindi: false, romanised: null };
  }
  if (script === 'latin') {
    const romanHindi = isRomanHindi(tokens);
    const romanised = romanHindi ? 'hi' : romanisedLanguage(tokens);
    return { script, language: romanHindi ? 'hi' : 'en', romanHindi, romanised };
  }
  return { script, language: SCRIPT_LANGUAGE[script] ?? null, romanHindi: false, romanised: null };
}
