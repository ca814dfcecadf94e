import { readFileSync } from 'node:fs';
import type { Lang } from '../engine/types.js';

// The web app's locale catalogues: its sources in the repository, its build in the image (Vite
// copies public/ into dist/).
const LOCALE_ROOTS = [
  new URL('../../../../../web/public/locales/', import.meta.url),
  new URL('../../../../../web/dist/locales/', import.meta.url),
];

/** A flattened UI catalogue: "nav.donations" -> "దానాలు". */
export type Catalogue = ReadonlyMap<string, string>;

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out);
    }
  }
}

/**
 * The web app's words for one language (page, menu and button names exactly as the user sees
 * them), or an empty catalogue when the app has none for the language yet: the assistant then
 * keeps its own words.
 */
export function loadCatalogue(lang: Lang, roots: readonly URL[] = LOCALE_ROOTS): Catalogue {
  const out = new Map<string, string>();
  for (const root of roots) {
    try {
      const text = readFileSync(new URL(`${lang}/translation.json`, root), 'utf8');
      flatten(JSON.parse(text) as unknown, '', out);
      return out;
    } catch {
      // Not here: the next place, else the knowledge base's own words serve.
    }
  }
  return out;
}
