import { readFileSync } from 'node:fs';
import { BADGES } from '@annasetu/domain';
import type { AnswerPack, Phrases } from '../engine/phrases.js';
import type { Example } from '../engine/similarity.js';
import {
  CHAT_LANGS,
  KNOWLEDGE_IDS,
  type KnowledgeId,
  type Lang,
  type Lexicon,
  type QuestionLang,
  type QuestionPack,
} from '../engine/types.js';
import { loadCatalogue, type Catalogue } from './catalogue.js';
import { FACTS, type FactName } from './facts.js';
import { phrasesFor } from './phrases.js';

/**
 * One language's knowledge file (knowledge/data/<lang>.json): sample questions per topic and
 * intent, the words the rules look for, and the answers. Answers name figures and screen words
 * by placeholder: `{fact:defaultExpiryHours}` (a domain constant) and `{ui:nav.donations|words}`
 * (the web app's words for the key, or `words` when the app has no catalogue for the language).
 */
export interface KnowledgeFile {
  lang: QuestionLang;
  questions: Record<KnowledgeId, string[]>;
  intents: QuestionPack['intents'];
  lexicon: Lexicon;
  answers?: Record<KnowledgeId, string>;
}

const DATA = new URL('./data/', import.meta.url);

/** Reads one language's knowledge file. */
export function readKnowledgeFile(lang: QuestionLang): KnowledgeFile {
  return JSON.parse(readFileSync(new URL(`${lang}.json`, DATA), 'utf8')) as KnowledgeFile;
}

const PLACEHOLDER = /\{(fact|ui):([A-Za-z0-9_.]+)(?:\|([^}]*))?\}/g;

/** Placeholders of a text, as written ("fact:defaultExpiryHours", "ui:nav.donations"). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => `${m[1]}:${m[2]}`);
}

/** Fills an answer's placeholders: figures formatted for the language, screen words verbatim. */
export function fillAnswer(text: string, lang: Lang, catalogue: Catalogue): string {
  const numbers = new Intl.NumberFormat(`${lang}-IN-u-nu-latn`, { maximumFractionDigits: 1 });
  return text.replace(PLACEHOLDER, (whole, kind: string, key: string, fallback?: string) => {
    if (kind === 'fact') {
      if (!(key in FACTS)) throw new Error(`Unknown fact ${key} in the ${lang} knowledge`);
      return numbers.format(FACTS[key as FactName]);
    }
    const word = catalogue.get(key) ?? fallback;
    if (word === undefined) throw new Error(`No words for ${whole} in the ${lang} knowledge`);
    return word;
  });
}

const PHRASES = Object.fromEntries(CHAT_LANGS.map((lang) => [lang, phrasesFor(lang)])) as Readonly<
  Record<Lang, Phrases>
>;

/** A language's answers, with figures and the web app's screen words filled in. */
export function buildAnswerPack(lang: Lang, file: KnowledgeFile, catalogue: Catalogue): AnswerPack {
  if (!file.answers) throw new Error(`The ${lang} knowledge file has no answers`);
  const answers = {} as Record<KnowledgeId, string>;
  for (const id of KNOWLEDGE_IDS) {
    const text = file.answers[id];
    if (typeof text !== 'string') throw new Error(`The ${lang} knowledge has no answer for ${id}`);
    answers[id] = fillAnswer(text, lang, catalogue);
  }
  // Badge names as the Analytics page shows them.
  const phrases = PHRASES[lang];
  const badgeNames = { ...phrases.badgeNames };
  for (const badge of BADGES) {
    badgeNames[badge.id] =
      catalogue.get(`analytics.badges.${badge.id}.name`) ?? badgeNames[badge.id];
  }
  return { answers, phrases: { ...phrases, badgeNames } };
}

function questionPack(file: KnowledgeFile): QuestionPack {
  return {
    lang: file.lang,
    knowledge: file.questions,
    intents: file.intents,
    lexicon: file.lexicon,
  };
}

const FILES = new Map<QuestionLang, KnowledgeFile>(
  ([...CHAT_LANGS, 'hi-Latn'] as QuestionLang[]).map((lang) => [lang, readKnowledgeFile(lang)]),
);

/** Every language's questions, romanised Hindi included. */
export const QUESTION_PACKS: readonly QuestionPack[] = [...FILES.values()].map(questionPack);

export const EXAMPLE_FILES = [...CHAT_LANGS, 'latin'] as const;

/**
 * Example questions written the way people ask, per language (knowledge/examples/<lang>.json,
 * `latin.json` for romanised questions): topic or intent -> questions. They join the knowledge
 * files' sample questions in the similarity index (decision 0057).
 */
export function readExamples(file: (typeof EXAMPLE_FILES)[number]): Record<string, string[]> {
  return JSON.parse(readFileSync(new URL(`../examples/${file}.json`, DATA), 'utf8')) as Record<
    string,
    string[]
  >;
}

/** The example files' questions (the knowledge files' sample questions join them in the engine). */
export const EXAMPLES: readonly Example[] = EXAMPLE_FILES.flatMap((file) =>
  Object.entries(readExamples(file)).flatMap(([topic, list]) =>
    list.map((text) => ({ topic, text })),
  ),
);

/** Every language's answers, read at start from the knowledge files and the UI catalogues. */
export const ANSWER_PACKS: Readonly<Record<Lang, AnswerPack>> = Object.fromEntries(
  CHAT_LANGS.map((lang) => [lang, buildAnswerPack(lang, FILES.get(lang)!, loadCatalogue(lang))]),
) as Record<Lang, AnswerPack>;
