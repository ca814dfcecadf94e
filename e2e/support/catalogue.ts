// The web app's own words, read from its catalogues, and a page's console errors: what browser
// tests compare a page against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './paths';

type Catalogue = Record<string, unknown>;

/** One language's catalogue, as the web app ships it. */
export function catalogue(language: string): Catalogue {
  const file = join(REPO_ROOT, 'apps', 'web', 'public', 'locales', language, 'translation.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

/** The text under a dotted key (`nav.requests`) in one language. */
export function text(language: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue)[part], catalogue(language));
  if (typeof value !== 'string') throw new Error(`${key} is not a text`);
  return value;
}

/** Console errors and uncaught exceptions of a page, as they happen. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
