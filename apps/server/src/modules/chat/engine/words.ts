import { readFileSync } from 'node:fs';
import type { Lang } from './types.js';

/**
 * knowledge/words.json (its "about" says how it is read): the word lists of each language that
 * the rules read, in one registry, so that adding a language or a word touches data only. The
 * words are as people type them; each reader normalises them as it compares.
 */
interface WordsFile {
  languages: Partial<
    Record<Lang, { functionWords?: string[]; romanised?: string[]; romanisedShared?: string[] }>
  >;
  rules: Record<RuleWords, string[]>;
}

/** The lists the refusal rules and the compounds read. */
export type RuleWords =
  'you' | 'your' | 'genitive' | 'that' | 'who' | 'can' | 'needAfter' | 'not' | 'back' | 'relative';

const FILE = JSON.parse(
  readFileSync(new URL('../knowledge/words.json', import.meta.url), 'utf8'),
) as WordsFile;

/** A rule's word list, as written in the file. */
export function ruleWords(name: RuleWords): readonly string[] {
  return FILE.rules[name];
}

/** A language's words of one kind (empty when the language has none listed). */
export function languageWords(
  lang: Lang,
  kind: 'functionWords' | 'romanised' | 'romanisedShared',
): readonly string[] {
  return FILE.languages[lang]?.[kind] ?? [];
}

/** Languages with romanised words of their own, in the file's order. */
export function romanisedLanguages(): Lang[] {
  return (Object.keys(FILE.languages) as Lang[]).filter(
    (lang) => (FILE.languages[lang]?.romanised?.length ?? 0) > 0,
  );
}
