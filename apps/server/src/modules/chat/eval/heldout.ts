import { readFileSync } from 'node:fs';
import { CHAT_LANGS, type Lang } from '../engine/types.js';
import type { EvalItem } from './accuracy.js';
import type { Expected } from './questions.js';

/** One question of the held-apart set (heldout.json; see docs/decisions/0024). */
interface HeldoutQuestion {
  q: string;
  expect: Expected;
  mustContain?: string[];
  /** Language of a Latin-letter question, and of the reply. */
  lang?: Lang;
}

const FILE = new URL('./heldout.json', import.meta.url);

/**
 * The held-apart set: questions written by someone who had not seen the knowledge base, kept
 * as they were delivered. It is only ever scored, never used to shape the engine.
 */
export function heldoutItems(): EvalItem[] {
  const groups = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, HeldoutQuestion[]>;
  const items: EvalItem[] = [];
  for (const [group, questions] of Object.entries(groups)) {
    for (const item of questions) {
      const lang = group === 'latin' ? item.lang : (group as Lang);
      if (!lang || !CHAT_LANGS.includes(lang)) {
        throw new Error(`Held-apart question without a known language: ${item.q}`);
      }
      items.push({
        group: group === 'latin' ? `latin-${lang}` : group,
        question: item.q,
        expected: item.expect,
        lang,
        mustContain: item.mustContain ?? [],
      });
    }
  }
  return items;
}
