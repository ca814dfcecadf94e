import { existsSync, readFileSync } from 'node:fs';
import { CHAT_LANGS, type Lang } from '../engine/types.js';
import type { EvalItem } from './accuracy.js';
import type { Expected } from './questions.js';

/** One question of an externally written set (dev.json, dev2.json, dev3.json, heldout.json; see docs/decisions/0024). */
interface WrittenQuestion {
  q: string;
  expect: Expected;
  mustContain?: string[];
  /** Language of a Latin-letter question, and of the reply. */
  lang?: Lang;
}

const HELD_APART = new URL('./heldout.json', import.meta.url);
const DEVELOPMENT_5 = new URL('./dev5.json', import.meta.url);
const DEVELOPMENT_6 = new URL('./dev6.json', import.meta.url);
const DEVELOPMENT_7 = new URL('./dev7.json', import.meta.url);
const DEVELOPMENT_8 = new URL('./dev8.json', import.meta.url);
const DEVELOPMENT = new URL('./dev.json', import.meta.url);
const DEVELOPMENT_2 = new URL('./dev2.json', import.meta.url);
const DEVELOPMENT_3 = new URL('./dev3.json', import.meta.url);
const DEVELOPMENT_4 = new URL('./dev4.json', import.meta.url);

/** A set written by someone who had not seen the knowledge base, as evaluation items. */
export function writtenItems(file: URL): EvalItem[] {
  const groups = JSON.parse(readFileSync(file, 'utf8')) as Record<string, WrittenQuestion[]>;
  const items: EvalItem[] = [];
  for (const [group, questions] of Object.entries(groups)) {
    for (const item of questions) {
      const lang = group === 'latin' ? item.lang : (group as Lang);
      if (!lang || !CHAT_LANGS.includes(lang)) {
        throw new Error(`Evaluation question without a known language: ${item.q}`);
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

/**
 * The held-apart set: questions written by someone who had not seen the knowledge base, kept
 * as they were delivered. It is only ever scored, never used to shape the engine.
 */
export function heldoutItems(): EvalItem[] {
  return writtenItems(HELD_APART);
}

/**
 * The development set: written the same way by another writer who had not seen the knowledge
 * base, kept as delivered. Its failures may be studied to improve the engine's general
 * mechanisms (it is therefore no measure of unseen questions; the held-apart set is).
 */
export function developmentItems(): EvalItem[] {
  return existsSync(DEVELOPMENT) ? writtenItems(DEVELOPMENT) : [];
}

/**
 * The second development set: written later, the same way, by a writer who had read neither the
 * knowledge base nor the other sets. Scored before any tuning on it, it was the best estimate of
 * unseen questions; since then it is studied like the first.
 */
export function development2Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_2) ? writtenItems(DEVELOPMENT_2) : [];
}

/**
 * The third development set: written later still, the same way, weighted to Kannada (110
 * Kannada questions, 24 of the 40 in Latin letters romanised Kannada). Scored before any tuning
 * on it as the best estimate of Kannada on unseen questions; since then studied like the others.
 */
export function development3Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_3) ? writtenItems(DEVELOPMENT_3) : [];
}

/**
 * The fourth development set (602 questions): written from the product documents alone by a
 * writer who saw neither the engine, its knowledge nor the other sets, for the move to
 * understanding by similarity (docs/decisions/0057). Its first score, before any change made
 * with it in view, is the baseline that change is measured against.
 */
export function development4Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_4) ? writtenItems(DEVELOPMENT_4) : [];
}

/**
 * The fifth development set (296 questions in the eight languages and Hindi in Latin letters):
 * written from the product documents alone by a writer who saw neither the engine, its knowledge
 * nor any other set. Scored once on arrival as a held-apart set (85.5% on the built-in engine,
 * docs/decisions/0057) and then, as the practice is, added to the development sets for the next
 * round: from here on its failures may be studied, so it no longer measures unseen questions.
 */
export function development5Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_5) ? writtenItems(DEVELOPMENT_5) : [];
}

/**
 * The sixth development set (240 questions: 24 in each of the eight languages, 48 romanised):
 * written from the product documents alone, like the fifth, and scored once on arrival as a
 * held-apart set (82.5% on the built-in engine, 84.2% on the model path; decision 0057). From
 * here on its failures may be studied; it has no floors of its own yet.
 */
export function development6Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_6) ? writtenItems(DEVELOPMENT_6) : [];
}

/**
 * The seventh development set (256 questions: 26 in each of the eight languages, 48 romanised),
 * written from the product documents alone and scored once on arrival as a held-apart set (80.1%
 * on the built-in engine, 81.6% on the model path, 15 of 19 refusals), after the sixth had been
 * tuned to 93.8%: the tuned sets overstate what the engine understands. From here on its
 * failures may be studied.
 */
export function development7Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_7) ? writtenItems(DEVELOPMENT_7) : [];
}

/**
 * The eighth set (256 questions written from the product documents alone), scored once on
 * arrival as a held-apart set (93.0% on the built-in engine, decision 0072) and then added here.
 */
export function development8Items(): EvalItem[] {
  return existsSync(DEVELOPMENT_8) ? writtenItems(DEVELOPMENT_8) : [];
}
