import { readFileSync } from 'node:fs';
import i18next, { type i18n, type Resource } from 'i18next';

/** One language's catalogue as written in its JSON file. */
export type CatalogueFile = Record<string, unknown>;

/** Reads `<lang>.json` from a folder of catalogues, one per language. */
export function readCatalogues<L extends string>(
  folder: URL,
  languages: readonly L[],
): Record<L, CatalogueFile> {
  return Object.fromEntries(
    languages.map((lang) => [
      lang,
      JSON.parse(readFileSync(new URL(`${lang}.json`, folder), 'utf8')) as CatalogueFile,
    ]),
  ) as Record<L, CatalogueFile>;
}

/**
 * An i18next instance over catalogues already in memory, initialised synchronously. The
 * language is given with every call (`t(key, { lng })`), so no request ever changes another's
 * language; interpolation and plurals are the web app's (`{{name}}`, `key_one`/`key_other`,
 * `key_zero` for 0). Nothing is escaped here: mail code escapes for HTML where it builds HTML.
 */
export function createTranslator(catalogues: Record<string, CatalogueFile>): i18n {
  const resources: Resource = Object.fromEntries(
    Object.entries(catalogues).map(([lang, file]) => [lang, { translation: file }]),
  );
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
