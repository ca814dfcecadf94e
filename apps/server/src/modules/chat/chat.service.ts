import type { FastifyBaseLogger } from 'fastify';
import { CO2_KG_PER_UNIT, type ChatReply, type ChatLanguage } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { EmbeddingSettings } from './chat.embedding.js';
import { llmReply, type LlmSettings } from './chat.llm.js';
import { answerWithTool } from './chat.tool-registry.js';
import { audienceOf, type ToolContext } from './chat.tools.js';
import type { Audience } from './engine/phrases.js';
import type { EmbeddingBlend } from './engine/embedding-index.js';
import { Renderer } from './engine/render.js';
import { EmbeddingModelError, StaticEmbeddingModel } from './engine/static-embedding.js';
import type { DataIntent, KnowledgeId, Lang, Slots } from './engine/types.js';
import { ChatEngine, type Reading } from './engine/understand.js';
import { FACTS } from './knowledge/facts.js';
import { ANSWER_PACKS, EXAMPLES, QUESTION_PACKS } from './knowledge/index.js';
import type { Sum } from './engine/sums.js';

// Questions suggested when the engine is unsure, by the kind of account asking.
const SUGGESTIONS: Record<Audience, Array<KnowledgeId | DataIntent>> = {
  donor: ['how_to_donate', 'my_donations', 'room_temperature'],
  volunteer: ['volunteer_grab', 'next_steps', 'tokens'],
  receiver: ['how_to_request', 'nearby_donations', 'temperature_holding'],
  admin: ['about', 'roles', 'fssai_regulations'],
};

/** Topics never offered as a suggestion: every chat user already has an account. */
const NOT_OFFERED = new Set<KnowledgeId | DataIntent>(['sign_up']);

/**
 * Topics that are one side's work, offered as suggestions to that side only (and the admin, who
 * answers for every side). A volunteer offered "show my donations" or a restaurant offered "how do
 * I pick up as a volunteer" would be sent down a path that is not theirs. Asked directly, every
 * topic is still answered for anyone; topics not listed here are for everyone.
 */
const OFFERED_TO: Partial<Record<KnowledgeId | DataIntent, readonly Audience[]>> = {
  how_to_donate: ['donor'],
  my_donations: ['donor'],
  accept_requests: ['donor'],
  release_donation: ['donor'],
  delete_donation: ['donor'],
  what_to_donate: ['donor'],
  packaging_labelling: ['donor'],
  volunteer_grab: ['volunteer'],
  volunteer_collect: ['volunteer'],
  volunteer_deliver: ['volunteer'],
  how_to_request: ['receiver'],
  receiver_confirm: ['receiver'],
  nursery_poultry: ['receiver', 'volunteer'],
  nearby_donations: ['receiver', 'volunteer'],
  my_requests: ['receiver', 'volunteer'],
  map_nearby: ['receiver', 'volunteer'],
};

/** Whether a topic may be suggested to this kind of account. */
export function offeredTo(topic: KnowledgeId | DataIntent, audience: Audience): boolean {
  if (NOT_OFFERED.has(topic)) return false;
  const audiences = OFFERED_TO[topic];
  return audience === 'admin' || !audiences || audiences.includes(audience);
}

/** The built-in assistant: one engine (search index built once) and a renderer per language. */
export class Assistant {
  readonly engine: ChatEngine;
  private readonly renderers = new Map<Lang, Renderer>();

  /** `embedding`: a deployer's sentence-embedding model joins the similarity (decision 0073). */
  constructor(embedding?: EmbeddingBlend) {
    this.engine = new ChatEngine(QUESTION_PACKS, ANSWER_PACKS, EXAMPLES, embedding);
  }

  renderer(lang: Lang): Renderer {
    let renderer = this.renderers.get(lang);
    if (!renderer) {
      renderer = new Renderer(lang, ANSWER_PACKS[lang]);
      this.renderers.set(lang, renderer);
    }
    return renderer;
  }

  /** Knowledge answers for a query, in `lang` (for the language model's context). */
  passages(text: string, lang: Lang, limit = 3): string[] {
    const ids = this.engine.knowledgeFor(text, limit);
    return ids.flatMap((id) => {
      const local = ANSWER_PACKS[lang].answers[id];
      const english = ANSWER_PACKS.en.answers[id];
      return lang === 'en' ? [local] : [local, english];
    });
  }

  /** Understands the message and answers it in `lang`, using the tools for the user's own data. */
  async reply(
    context: ToolContext,
    message: string,
    lang: Lang,
  ): Promise<{ reply: string; reading: Reading; suggestions?: string[] }> {
    const reading = this.engine.understand(message, lang);
    const suggestions = this.suggestions(context, reading, lang);
    const reply = await this.compose(context, reading, lang, suggestions);
    return suggestions ? { reply, reading, suggestions } : { reply, reading };
  }

  /**
   * Questions to offer when the reading is unsure (the three closest topics, topped up by the
   * account's usual questions) or hesitates between two topics; none otherwise.
   */
  private suggestions(context: ToolContext, reading: Reading, lang: Lang): string[] | undefined {
    if (reading.kind === 'clarify') {
      return reading.candidates.map((id) => this.engine.sampleQuestion(lang, id));
    }
    if (reading.kind !== 'unsure') return undefined;
    // Only what this account can act on: no sign-up for the signed in, no other side's work.
    const audience = audienceOf(context.user);
    const picks: Array<KnowledgeId | DataIntent> = reading.candidates.filter((id) =>
      offeredTo(id, audience),
    );
    for (const fallback of SUGGESTIONS[audience]) {
      if (picks.length >= 3) break;
      if (!picks.includes(fallback)) picks.push(fallback);
    }
    return picks.slice(0, 3).map((id) => this.engine.sampleQuestion(lang, id));
  }

  private async compose(
    context: ToolContext,
    reading: Reading,
    lang: Lang,
    suggestions: string[] = [],
  ): Promise<string> {
    const r = this.renderer(lang);
    const p = r.phrases;
    const bullets = suggestions.map((question) => `• ${question}`);
    switch (reading.kind) {
      case 'knowledge':
        return reading.sum ? sumReply(reading.sum, r) : ANSWER_PACKS[lang].answers[reading.id];
      case 'talk':
        if (reading.id === 'greeting') return p.greeting;
        if (reading.id === 'thanks') return p.thanks;
        if (reading.id === 'capabilities') return p.capabilities;
        return p.refusal;
      case 'data':
        return this.data(context, reading.id, reading.slots, r);
      case 'clarify':
        return [p.clarify, ...bullets].join('\n');
      case 'unsure':
        return [p.unsure, ...bullets].join('\n');
    }
  }

  private data(
    context: ToolContext,
    intent: DataIntent,
    slots: Slots,
    r: Renderer,
  ): Promise<string> {
    return answerWithTool(intent, context, slots, r, {
      searchKnowledge: (query) => this.passages(query, r.lang),
    });
  }
}

/** A computed figure with its rule, in the renderer's language (figures formatted en-IN). */
export function sumReply(sum: Sum, r: Renderer): string {
  const n = (value: number) => r.number(value);
  const p = r.phrases;
  switch (sum.kind) {
    case 'donorTokens':
    case 'volunteerTokens':
      return p.sum(sum.kind, { count: n(sum.count), per: n(sum.per), total: n(sum.total) });
    case 'co2':
      return p.sum('co2', {
        amount: p.quantity(n(sum.quantity), sum.unit, sum.quantity),
        per: n(sum.per),
        total: n(sum.total),
        perMeal: n(CO2_KG_PER_UNIT.meals),
        perKg: n(CO2_KG_PER_UNIT.kg),
      });
    case 'families':
      return p.sum('families', { meals: n(sum.meals), per: n(sum.per), total: n(sum.total) });
    case 'milestone':
      return p.sum('milestone', {
        saved: n(sum.saved),
        next: n(sum.next),
        remaining: n(sum.remaining),
      });
    case 'allMilestones':
      return p.sum('allMilestones', { saved: n(sum.saved), last: n(sum.last) });
    case 'badge':
      return p.sum('badge', {
        have: n(sum.have),
        badge: p.badgeNames[sum.badge],
        threshold: n(sum.threshold),
        remaining: n(sum.remaining),
      });
    case 'allBadges':
      return p.sum('allBadges', { have: n(sum.have) });
    case 'expiryTime': {
      const clock = new Intl.DateTimeFormat(`${r.lang}-IN-u-nu-latn`, {
        // 24-hour clock: "16:00" reads the same in every language, next to बजे or வரை.
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      });
      const at = (minutes: number) => clock.format(Date.UTC(2000, 0, 1, 0, minutes % (24 * 60)));
      const kind = sum.end >= 24 * 60 ? 'expiryTimeNextDay' : 'expiryTime';
      return p.sum(kind, { start: at(sum.start), hours: n(sum.hours), end: at(sum.end) });
    }
  }
}

const shared = new Map<string, Assistant>();
/** Why each configured embedding model could not be read (the built-in similarity answers). */
const embeddingProblems = new Map<string, string>();
const keyOf = (embedding: EmbeddingSettings | null) => (embedding ? JSON.stringify(embedding) : '');

/**
 * The process-wide assistant (building the index takes a moment, so it is built once), with the
 * deployer's embedding model when one is configured. A model that cannot be read is reported by
 * `embeddingModelProblem()` and the assistant answers with the built-in similarity alone: a
 * broken model file must not silence the assistant.
 */
export function getAssistant(embedding: EmbeddingSettings | null = null): Assistant {
  const key = keyOf(embedding);
  let assistant = shared.get(key);
  if (!assistant) {
    assistant = new Assistant(embedding ? loadBlend(embedding, key) : undefined);
    shared.set(key, assistant);
  }
  return assistant;
}

function loadBlend(settings: EmbeddingSettings, key: string): EmbeddingBlend | undefined {
  try {
    const model = StaticEmbeddingModel.load(settings.dir);
    return { model, weight: settings.weight, weakMatch: settings.weakMatch };
  } catch (error) {
    if (!(error instanceof EmbeddingModelError)) throw error;
    embeddingProblems.set(key, error.message);
    return undefined;
  }
}

/** Why this embedding model could not be read; null when it was read (or none is set). */
export function embeddingModelProblem(embedding: EmbeddingSettings | null): string | null {
  return embeddingProblems.get(keyOf(embedding)) ?? null;
}

/** Everything a chat reply needs. */
export interface ChatRequest {
  db: DbOrTx;
  user: UserRow;
  message: string;
  language: ChatLanguage;
  llm: LlmSettings | null;
  /** The deployer's sentence-embedding model, if any. */
  embedding?: EmbeddingSettings | null;
  logger: FastifyBaseLogger;
}

/**
 * Answers one chat message: through the language model when one is configured, with the built-in
 * engine as the fallback on any failure of the model; otherwise with the built-in engine.
 */
export async function answerChat(request: ChatRequest): Promise<ChatReply> {
  const assistant = getAssistant(request.embedding ?? null);
  const context: ToolContext = { db: request.db, user: request.user };
  if (request.llm) {
    try {
      const reply = await llmReply({
        settings: request.llm,
        message: request.message,
        language: request.language,
        role: request.user.role,
        passages: assistant.passages(request.message, request.language),
        normalized: assistant.engine.normalizedQuestion(request.message, request.language),
        reading: assistant.engine.understand(request.message, request.language).id,
        facts: FACTS,
        context,
        searchKnowledge: (query) => assistant.passages(query, request.language),
      });
      return { reply };
    } catch (error) {
      request.logger.warn({ err: error }, 'chat model unavailable; built-in engine answers');
    }
  }
  const { reply, suggestions } = await assistant.reply(context, request.message, request.language);
  return suggestions ? { reply, suggestions } : { reply };
}
