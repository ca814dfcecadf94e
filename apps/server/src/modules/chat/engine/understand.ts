import { DONATION_STATUSES, MAX_NEARBY_RADIUS_KM, REQUEST_STATUSES } from '@annasetu/domain';
import { detectLanguage, type Detected } from './language.js';
import { readInLanguage, senseLanguage } from './senses.js';
import { KnowledgeIndex, PRODUCT_CONCEPTS } from './retrieval.js';
import type { AnswerPack } from './phrases.js';
import {
  GENITIVE_WORDS,
  INDIC_LETTER,
  PRIVATE_CONCEPTS,
  SELF_OR_THING,
  YOU,
  YOUR,
  isWhereabouts,
  overridesRules,
  pointsAtOthers,
} from './refusals.js';
import { STOPWORDS } from './stopwords.js';
import { readByClosest, similarityIndex } from './closest.js';
import { mergeLexicons } from './lexicon.js';
import { asksAboutSomeoneElse, isAll, isCount, refersBack } from './third-party.js';
import type { EmbeddingBlend, TopicRanker } from './embedding-index.js';
import type { Example } from './similarity.js';
import { SUM_TOPIC, asksMealsOfWeight, findSum } from './sums.js';
import { fold } from './fold.js';
import { coveredWords, findEntry, positionsOf, tokenize } from './text.js';
import {
  DATA_INTENTS,
  type DataIntent,
  type KnowledgeId,
  type Lang,
  type Lexicon,
  type QuestionPack,
  type Slots,
  type TalkIntent,
  type Understanding,
} from './types.js';

/** Below these, the best match is a guess: the engine says it is unsure and suggests questions. */
export const MIN_SCORE = 6;
export const MIN_COVERAGE = 0.5;
/** Two topics this close (second score / first) and covering as much: ask which one was meant. */
export const CLOSE_RATIO = 0.98;
/** A best match this far ahead of the next (second score / first at most) needs less coverage. */
export const LEAD_RATIO = 0.5;

// How many words may stand between "my" and what it owns ("my two pending donations").
const POSSESSIVE_REACH = 3;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const NUMBER = /^\d+(?:\.\d+)?$/;
const NUMBER_WITH_KM = /^(\d+(?:\.\d+)?)(?:km|kms|किमी|কিমি|ਕਿਮੀ|கிமீ|కిమీ|ಕಿಮೀ)$/;

type Topic = keyof Lexicon['topics'];
// When a message names several topics, the most specific wins ("tokens from my donations").
const TOPIC_ORDER: Array<[Topic, DataIntent]> = [
  ['tokens', 'my_tokens'],
  ['impact', 'my_impact'],
  ['nearby', 'nearby_donations'],
  ['next', 'next_steps'],
  ['requests', 'my_requests'],
  ['donations', 'my_donations'],
];

/** The engine's reading of one message, with the language it was written in. */
export type Reading = Understanding & { detected: Detected };

/**
 * Reads a message: refusals and greetings by rule, questions about the user's own data by rule
 * (a topic word plus a word pointing at the user, and no sign of a general question), everything
 * else by full-text search over the knowledge base in all languages.
 */
export class ChatEngine {
  private readonly lexicon: Lexicon;
  private readonly index: KnowledgeIndex;
  private readonly questionsByLang: Map<string, QuestionPack>;
  /** Every word of the knowledge base: a word outside it next to "donations" may be a name. */
  private readonly knownWords: Set<string>;
  /** Every sample and example question, for reading by similarity (decision 0057). */
  private readonly similar: TopicRanker;

  /** `embedding`: a deployer's sentence-embedding model joins the similarity (decision 0073). */
  constructor(
    questions: readonly QuestionPack[],
    answers: Readonly<Record<Lang, AnswerPack>>,
    examples: readonly Example[] = [],
    embedding?: EmbeddingBlend,
  ) {
    this.lexicon = mergeLexicons(questions.map((q) => q.lexicon));
    this.index = new KnowledgeIndex(questions, answers);
    this.similar = similarityIndex(questions, examples, embedding);
    this.questionsByLang = new Map(questions.map((q) => [q.lang, q]));
    const texts = [
      ...questions.flatMap((q) => [
        ...Object.values(q.knowledge).flat(),
        ...Object.values(q.intents).flat(),
        JSON.stringify(q.lexicon),
      ]),
      ...Object.values(answers).flatMap((a) => Object.values(a.answers)),
    ];
    this.knownWords = new Set(texts.flatMap((t) => tokenize(t)));
  }

  /** Sample question for an entry or intent in a language (used as a suggestion). */
  sampleQuestion(lang: Lang, target: KnowledgeId | DataIntent): string {
    const pack = this.questionsByLang.get(lang)!;
    const list =
      target in pack.knowledge
        ? pack.knowledge[target as KnowledgeId]
        : pack.intents[target as DataIntent];
    return list[0]!;
  }

  /** The knowledge entries closest to a text, best first (context for a language model). */
  knowledgeFor(text: string, limit: number): KnowledgeId[] {
    return this.index
      .find(text, null)
      .filter((c) => c.kind === 'knowledge' && c.coverage > 0)
      .slice(0, limit)
      .map((c) => c.target as KnowledgeId);
  }

  /** The message with each recognised vocabulary word followed by its concept, in brackets. */
  normalizedQuestion(message: string, chosen?: Lang): string {
    const sense = senseLanguage(detectLanguage(message, tokenize(message)), chosen);
    return tokenize(message)
      .map((word) => {
        // "kodi [give]" from a Kannada writer, "kodi [poultry]" from a Telugu one.
        const concept = fold(tokenize(readInLanguage(word, sense))[0] ?? word);
        return concept === word ? word : `${word} [${concept}]`;
      })
      .join(' ');
  }

  /**
   * Reads a message. `chosen` is the language the user chose for the app: it decides what a word
   * of several languages means (LANGUAGE_SENSES) when the message's own words do not tell.
   */
  understand(original: string, chosen?: Lang): Reading {
    const detected = detectLanguage(original, tokenize(original));
    // "ahara kodi" is Kannada for "give food": read with each such word in the writer's sense.
    const message = readInLanguage(original, senseLanguage(detected, chosen));
    const tokens = tokenize(message);
    const done = (u: Understanding): Reading => ({ ...u, detected });
    if (tokens.length === 0) return done({ kind: 'unsure', id: 'unsure', candidates: [] });

    // Figures with a sum to do ("7 deliveries, how many tokens?"), from the domain's constants;
    // a clock time and hours to expiry before the refusals (a time word is no name).
    const sum = findSum(tokens);
    const summed = sum && done({ kind: 'knowledge', id: SUM_TOPIC[sum.kind], score: 1, sum });
    if (summed && sum.kind === 'expiryTime') return summed;
    const l = this.lexicon;
    const has = (list: readonly string[]) => findEntry(tokens, list) !== undefined;
    const topics = TOPIC_ORDER.filter(([topic]) => has(l.topics[topic]));
    const possessive = positionsOf(tokens, l.possessive);
    const self = possessive.length > 0 || has(l.subject);
    const general = has(l.general);
    const concepts = new Set(tokens.map(fold));
    // "Ravi's donations": a possessive in English, before normalisation drops it.
    const possessed = [...message.toLowerCase().matchAll(/\b([a-z]{3,})['’]s\s+(\S+)/gu)].some(
      ([, owner, thing]) =>
        !SELF_OR_THING.has(owner!) &&
        !this.knownWords.has(owner!) &&
        PRIVATE_CONCEPTS.has(fold(tokenize(thing!)[0] ?? '')),
    );
    const otherUser =
      (has(l.otherUser) && !refersBack(tokens, l.otherUser, self)) ||
      EMAIL.test(message) ||
      UUID.test(message) ||
      // "Show me Priya's donations": "me" is no owner; only "my" speaks for the user.
      (possessive.length === 0 && !concepts.has('how') && this.namesSomeone(tokens)) ||
      pointsAtOthers(concepts, possessive.length > 0, tokens) ||
      (possessive.length === 0 && possessed);
    const override =
      has(l.override) ||
      overridesRules(
        concepts,
        tokens.some((t) => YOU.has(t) || YOUR.has(t)),
      );

    // Someone else's data, or an attempt to change the rules: refused, whatever else is asked.
    const personal =
      ['contact', 'data', 'user', 'list', 'password'].some((c) => concepts.has(c)) ||
      tokens.some(isWhereabouts);
    if (otherUser && (topics.length > 0 || override || personal)) {
      return done(talk('refuse_other_user'));
    }
    if (override && !(self && topics.length > 0)) return done(talk('refuse_other_user'));
    const nameOrWord = (t: string) => this.isName(t, true);
    if (asksAboutSomeoneElse(tokens, possessive.length > 0, nameOrWord)) {
      return done(talk('refuse_other_user'));
    }

    const content = tokens.filter((t) => !STOPWORDS.has(t));
    const onlyWords = (list: readonly string[]) =>
      has(list) && coveredWords(tokens, list) >= Math.max(1, content.length);
    if (topics.length === 0 && tokens.length <= 6) {
      if (onlyWords(l.thanks) || (has(l.thanks) && content.length <= 1 && !has(l.greeting)))
        return done(talk('thanks'));
      if (onlyWords(l.greeting) || (has(l.greeting) && content.length <= 1))
        return done(talk('greeting'));
    }

    if (summed) return summed;
    if (asksMealsOfWeight(tokens)) return done({ kind: 'knowledge', id: 'meals', score: 1 });

    const ruled = this.ruleIntent(tokens, topics, possessive, self && has(l.ask), general, self);
    if (ruled) return done({ kind: 'data', id: ruled, slots: this.slots(tokens) });

    // "What all can you do?": "you" with function words and at most one other word, no
    // product word.
    const rest = content.filter((t) => !YOU.has(t) && !STOPWORDS.has(fold(t)));
    if (tokens.some((t) => YOU.has(t)) && rest.length <= 1 && !hasProductWord(tokens)) {
      return done(talk('capabilities'));
    }

    const preferLang = detected.romanHindi ? 'hi-Latn' : detected.language;
    // Romanised text is also read in the script of the chosen language and of its own words.
    const scripts = [chosen, detected.romanised].filter((x): x is Lang => !!x);
    const closest = (doubt: Understanding) => readByClosest(this.similar, message, scripts, doubt);
    const nearby =
      topics.some(([t]) => t === 'nearby') &&
      !this.asksAboutDistance(tokens) &&
      !concepts.has('map');
    const allowData = (self || nearby) && !general;
    const candidates = this.index
      .find(message, preferLang)
      .filter((c) => c.kind === 'knowledge' || allowData || !isDataIntent(c.target));
    const top = candidates[0];
    const second = candidates[1];
    const ratio = top && second ? second.score / top.score : 0;
    if (
      top &&
      second &&
      top.kind === 'knowledge' &&
      second.kind === 'knowledge' &&
      top.score >= MIN_SCORE &&
      top.coverage >= MIN_COVERAGE &&
      ratio >= CLOSE_RATIO &&
      second.coverage >= top.coverage
    ) {
      const pair: [KnowledgeId, KnowledgeId] = [
        top.target as KnowledgeId,
        second.target as KnowledgeId,
      ];
      return done(closest({ kind: 'clarify', id: 'clarify', candidates: pair }));
    }
    // A match that covers few of the words still counts when nothing else comes close.
    const clearLead =
      top !== undefined && top.coverage > 0 && ratio <= LEAD_RATIO && hasProductWord(tokens);
    if (top && top.score >= MIN_SCORE && (top.coverage >= MIN_COVERAGE || clearLead)) {
      if (top.kind === 'knowledge') {
        return done({ kind: 'knowledge', id: top.target as KnowledgeId, score: top.score });
      }
      if (isDataIntent(top.target)) {
        return done({ kind: 'data', id: top.target, slots: this.slots(tokens) });
      }
      return done(talk(top.target as TalkIntent));
    }
    return done(closest({ kind: 'unsure', id: 'unsure', candidates: [] }));
  }

  /**
   * A question about the user's own data: a topic word with a possessive just before it ("my
   * donations", "मेरे सारे दान"), or the user plus an ask word anywhere ("how many tokens do I
   * have"), and no sign of a general question. "Near me" points at the user by itself.
   */
  private ruleIntent(
    tokens: string[],
    topics: Array<[Topic, DataIntent]>,
    possessive: number[],
    selfAsks: boolean,
    general: boolean,
    self = false,
  ): DataIntent | undefined {
    if (general) return undefined;
    const concepts = new Set(tokens.map(fold));
    // "Delete my donation" asks how to do something, not to see the donations.
    if (ACTIONS.some((c) => concepts.has(c))) return undefined;
    // "ਮੇਰੀ donation ਰੱਦ ਕਰਨੀ ਹੈ": cancelling, said with "do", is an action too ("my cancelled
    // donations" is a status).
    if (tokens.some((t, i) => fold(t) === 'cancel' && fold(tokens[i + 1] ?? '') === 'do')) {
      return undefined;
    }
    // "A request came on my donation, can I reject it": others' requests on the user's food ask
    // how to judge them; "did my request get accepted" (the possessive on the request) is data.
    const judges = concepts.has('request') && (concepts.has('accept') || concepts.has('reject'));
    if (judges && possessive.some((q) => this.firstOwned(tokens, q) === 'donation')) {
      return undefined;
    }
    // "What next?", "ಮುಂದೆ ಏನ್ ಮಾಡ್ಬೇಕು", "अब मुझे क्या करना है": "next" (or "now" said by the user)
    // with a "do" word and nothing else of the product is always about the user's next steps.
    const others = tokens.filter(
      (t) => !STOPWORDS.has(t) && !['next', 'now', 'do', 'my', 'self'].includes(fold(t)),
    );
    if (
      concepts.has('do') &&
      ((concepts.has('next') && others.length <= 1) ||
        (concepts.has('now') && self && others.length === 0)) &&
      !hasProductWord(tokens)
    ) {
      return 'next_steps';
    }
    for (const [topic, intent] of topics) {
      // "How many km does nearby cover?" asks about the radius, not for donations.
      if (topic === 'nearby' && this.asksAboutDistance(tokens)) continue;
      // "Nearby donations on the map" asks about the map screen.
      if (topic === 'nearby' && concepts.has('map')) continue;
      // "How many deliveries have I done?": the figures the dashboard shows.
      if (topic === 'requests' && selfAsks && this.countsDeliveries(tokens)) return 'my_impact';
      if (topic === 'nearby' || selfAsks) return intent;
      // "What should I do next?": the next steps are always the user's own.
      if (topic === 'next' && (selfAsks || self)) return intent;
      const at = positionsOf(tokens, this.lexicon.topics[topic]);
      // "दान करायला FSSAI लागतो का": a donation word followed by "do" is the verb, not the data.
      if (topic === 'donations' && at.every((p) => fold(tokens[p + 1] ?? '') === 'do')) continue;
      if (at.some((p) => possessive.some((q) => q < p && p - q <= POSSESSIVE_REACH))) {
        return intent;
      }
    }
    return undefined;
  }

  /**
   * Someone named in front of private data: a word the knowledge base never uses (a name),
   * directly before a data word or before a genitive word and then one ("Suresh account",
   * "राजा ओड रिक्वेस्ट", "ಮಂಜುನಾಥ್ ಅವರ ಫೋನ್", "সুনীলের ইমেল" is one word with its ending).
   */
  private namesSomeone(tokens: string[]): boolean {
    for (let i = 0; i < tokens.length; i++) {
      if (!PRIVATE_CONCEPTS.has(fold(tokens[i]!))) continue;
      // "दान करना", "ದಾನ ಮಾಡಬಹುದೇ": the word is part of a verb here, not someone's data.
      if (tokens.slice(i + 1, i + 3).some((t) => fold(t) === 'do')) continue;
      // "ਗੁਰਪ੍ਰੀਤ ਦੇ ਕਿੰਨੇ ਟੋਕਨ", "गणेश भोजनालयाची सगळी दानं": a count or "all" word between; after
      // a count word only with a genitive word ("ನನಗೆ ಇದುವರೆಗೆ ಎಷ್ಟು ಟೋಕನ್": "so far" is no name).
      const counted = isCount(tokens[i - 1] ?? '');
      const at = counted || isAll(tokens[i - 1] ?? '') ? i - 1 : i;
      const before = tokens[at - 1];
      if (before === undefined) continue;
      // "प्रोफाइल मधे फोन नंबर": a word after a product word is its postposition, not a name.
      const afterProductWord = at >= 2 && PRODUCT_CONCEPTS.has(fold(tokens[at - 2]!));
      if (!counted && this.isName(before) && !afterProductWord) return true;
      const name = tokens[at - 2];
      // In Latin letters only with a genitive word between ("ravi ke donations").
      if (GENITIVE_WORDS.has(before) && name !== undefined && this.isName(name, true)) {
        return true;
      }
    }
    return false;
  }

  // Names are told apart only in Indian scripts: in Latin letters, any English word the
  // knowledge base does not use would look like one.
  private isName(token: string, latinToo = false): boolean {
    return (
      (INDIC_LETTER.test(token) || (latinToo && /^[a-z]+$/.test(token))) &&
      !YOU.has(token) &&
      !YOUR.has(token) &&
      Array.from(token).length >= 3 &&
      !/\d/.test(token) &&
      !VERB_FORM.test(token) &&
      !STOPWORDS.has(token) &&
      !GENITIVE_WORDS.has(token) &&
      fold(token) === token &&
      !this.knownWords.has(token)
    );
  }

  /** The first product concept after a possessive at `at` ("my [paneer] donation"), if near. */
  private firstOwned(tokens: string[], at: number): string | undefined {
    return tokens
      .slice(at + 1, at + 1 + POSSESSIVE_REACH)
      .map(fold)
      .find((c) => PRODUCT_CONCEPTS.has(c));
  }

  /** A distance unit without a number: a question about the radius itself. */
  private asksAboutDistance(tokens: string[]): boolean {
    const unit =
      findEntry(tokens, this.lexicon.km) !== undefined ||
      tokens.some((t) => fold(t) === 'distance');
    return unit && !tokens.some((t) => /\d/.test(t));
  }

  /** Deliveries counted by the user ("how many deliveries have I done"). */
  private countsDeliveries(tokens: string[]): boolean {
    const requestWords = positionsOf(tokens, this.lexicon.topics.requests).map((i) => tokens[i]!);
    return requestWords.length > 0 && requestWords.every((w) => fold(w) === 'delivery');
  }

  /** The status word and the radius ("within 5 km") of a message, when it has them. */
  private slots(tokens: string[]): Slots {
    const slots: Slots = {};
    for (const status of [...DONATION_STATUSES, ...REQUEST_STATUSES]) {
      const list = this.lexicon.status[status];
      if (list && findEntry(tokens, list) !== undefined) {
        slots.status = status;
        break;
      }
    }
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const glued = NUMBER_WITH_KM.exec(token);
      const next = tokens[i + 1];
      const value = glued
        ? Number(glued[1])
        : NUMBER.test(token) && next !== undefined && findEntry([next], this.lexicon.km)
          ? Number(token)
          : undefined;
      if (value !== undefined && value > 0) {
        slots.radiusKm = Math.min(MAX_NEARBY_RADIUS_KM, Math.max(1, value));
        break;
      }
    }
    return slots;
  }
}

// Verb forms, not names, in front of a data word: Kannada, Telugu and Tamil participles (ಹಾಕಿದ,
// ಕಳಿಸಿದ, పెట్టిన, போட்ட, அனுப்பின "that I posted"), conditionals (ಬೇಕಾದ್ರೆ, ಇದ್ದರೆ) and verbal
// nouns (ಹಾಕೋದು, ಮಾಡುವುದು).
const VERB_FORM = /(ಿದ|ಿದ್ದ|ರೆ|ೋದು|ುದು|ಿರೋ|ిన|ినా|लेलं|लेले|लेला|लेली|ட்ட|த்த|ின|ந்த)$/u;

// Things a user does to their data, or that happen to it: asked with "my", still a question of
// how or when ("delete my donation", "when does my donation expire").
const ACTIONS = ['delete', 'expiry'];

/** True when a word of the message is one of the product's own words (in any script). */
function hasProductWord(tokens: string[]): boolean {
  return tokens.some((t) => PRODUCT_CONCEPTS.has(fold(t)));
}

function talk(id: TalkIntent): Understanding {
  return { kind: 'talk', id };
}

function isDataIntent(target: string): target is DataIntent {
  return (DATA_INTENTS as readonly string[]).includes(target);
}
