import type { CatalogueFile } from './translator.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A catalogue as `path -> text` ("push.system.title" -> "AnnaSetu"). */
export function flatten(value: unknown, prefix = '', out: Record<string, string> = {}) {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else out[prefix] = String(value);
  return out;
}

/** The `{{variables}}` of a text, sorted. */
export const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

/**
 * A catalogue grouped by message, plural forms together: "tokens.donor" -> its `_one`,
 * `_other`, `_zero` forms (or the one text without forms).
 */
export function messagesOf(file: CatalogueFile): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [key, text] of Object.entries(flatten(file))) {
    const form = PLURAL.exec(key)?.[1] ?? '';
    const base = form ? key.slice(0, -form.length - 1) : key;
    out.set(base, { ...out.get(base), [form]: text });
  }
  return out;
}

export interface CheckOptions {
  /** Messages written the same in every language (symbols, formats). */
  sameEverywhere?: ReadonlySet<string>;
  /** Latin-script words a reader sees in every language (units, the CO2 formula). */
  latinAllowed: ReadonlySet<string>;
}

/**
 * What is wrong with one language's catalogue measured against the English one: messages
 * missing or extra, empty texts, different variables (the plural `count` aside), plural forms
 * the language's rules need, texts copied from English, and English words left in.
 */
export function catalogueProblems(
  lang: string,
  file: CatalogueFile,
  english: CatalogueFile,
  options: CheckOptions,
): string[] {
  const want = messagesOf(english);
  const got = messagesOf(file);
  const problems: string[] = [];
  for (const key of want.keys()) if (!got.has(key)) problems.push(`${key}: missing`);
  for (const key of got.keys()) if (!want.has(key)) problems.push(`${key}: not in English`);
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const vars = (forms: Record<string, string>) =>
    [...new Set(Object.values(forms).flatMap(variables))].filter((v) => v !== 'count').join(',');
  for (const [key, forms] of got) {
    const english = want.get(key);
    if (!english) continue;
    for (const [form, text] of Object.entries(forms)) {
      if (text.trim() === '') problems.push(`${key}${form && `_${form}`}: empty`);
    }
    if (vars(forms) !== vars(english)) {
      problems.push(`${key}: {{${vars(english)}}} in English, {{${vars(forms)}}} here`);
    }
    if (!('' in forms)) {
      for (const category of categories) {
        if (!(category in forms)) problems.push(`${key}: no _${category} form`);
      }
    }
    if (lang !== 'en' && !options.sameEverywhere?.has(key)) {
      const copied = Object.entries(forms).some(([form, text]) => english[form] === text);
      if (copied) problems.push(`${key}: copied from English`);
    }
    if (lang !== 'en') {
      for (const text of Object.values(forms)) {
        const words = text.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
        for (const word of words) {
          if (!options.latinAllowed.has(word)) problems.push(`${key}: English word ${word}`);
        }
      }
    }
  }
  return problems;
}
