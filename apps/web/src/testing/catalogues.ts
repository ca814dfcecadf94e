import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES_DIR = join(import.meta.dirname, '../../public/locales/');

export type Catalogue = Record<string, unknown>;

/** Every catalogue on disk, by language folder. */
export function readCatalogues(): Record<string, Catalogue> {
  const result: Record<string, Catalogue> = {};
  for (const language of readdirSync(LOCALES_DIR)) {
    result[language] = JSON.parse(
      readFileSync(`${LOCALES_DIR}${language}/translation.json`, 'utf8'),
    ) as Catalogue;
  }
  return result;
}

/** Flattens nested keys to "a.b.c" -> value. */
export function flatten(catalogue: Catalogue, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(out, flatten(value as Catalogue, path));
    } else {
      out[path] = value;
    }
  }
  return out;
}
