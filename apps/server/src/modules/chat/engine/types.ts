import {
  CHAT_LANGUAGES,
  type ChatLanguage,
  type DonationStatus,
  type RequestStatus,
} from '@annasetu/domain';
import type { Sum } from './sums.js';

/** Languages the assistant answers in. */
export type Lang = ChatLanguage;
export const CHAT_LANGS: readonly Lang[] = CHAT_LANGUAGES;
/** Languages questions are indexed in: the eight, plus Hindi typed in Latin letters. */
export type QuestionLang = Lang | 'hi-Latn';

/** The curated knowledge base: one id per topic, answered in every language. */
export const KNOWLEDGE_IDS = [
  'about',
  'sign_up',
  'how_to_donate',
  'how_to_request',
  'accept_requests',
  'volunteer_grab',
  'volunteer_collect',
  'volunteer_deliver',
  'receiver_confirm',
  'release_donation',
  'self_delivery',
  'delete_donation',
  'expiry',
  'roles',
  'nursery_poultry',
  'tokens',
  'co2',
  'meals',
  'badges',
  'milestones',
  'analytics',
  'languages',
  'notifications',
  'map_nearby',
  'profile',
  'statuses',
  'fssai_regulations',
  'save_food_share_food',
  'temperature_holding',
  'reheating',
  'room_temperature',
  'unfit_food',
  'packaging_labelling',
  'what_to_donate',
  'transport_safety',
  'hygiene',
] as const;
export type KnowledgeId = (typeof KNOWLEDGE_IDS)[number];

/** Questions about the signed-in user's own data, answered through tools. */
export const DATA_INTENTS = [
  'my_donations',
  'my_requests',
  'my_tokens',
  'my_impact',
  'nearby_donations',
  'next_steps',
] as const;
export type DataIntent = (typeof DATA_INTENTS)[number];

/** Conversation moves that need no data: greetings, thanks, "what can you do", refusals. */
export const TALK_INTENTS = ['greeting', 'thanks', 'capabilities', 'refuse_other_user'] as const;
export type TalkIntent = (typeof TALK_INTENTS)[number];

export type Intent = DataIntent | TalkIntent;

/** Slots filled from the message by the intent rules. */
export interface Slots {
  status?: DonationStatus | RequestStatus;
  radiusKm?: number;
}

/** What the engine made of a message. `id` is the intent or knowledge entry (the eval's label). */
export type Understanding =
  | { kind: 'data'; id: DataIntent; slots: Slots }
  | { kind: 'talk'; id: TalkIntent }
  /** `sum`: the question carries a figure and asks for a sum (engine/sums.ts). */
  | { kind: 'knowledge'; id: KnowledgeId; score: number; sum?: Sum }
  | { kind: 'unsure'; id: 'unsure'; candidates: Array<KnowledgeId | DataIntent> }
  /** Two topics fit about equally well: the assistant asks which one was meant. */
  | { kind: 'clarify'; id: 'clarify'; candidates: [KnowledgeId, KnowledgeId] };

/** Words the intent rules look for, per language. A trailing `*` matches any word starting so. */
export interface Lexicon {
  /** Possessives ("my", "our"): "my donations" is about the user's own data. */
  possessive: string[];
  /** The user as subject ("I", "we"): own data only with an ask word ("how many do I have"). */
  subject: string[];
  /** Words that ask for figures or lists: "how many", "status", "show". */
  ask: string[];
  /**
   * Words of a general or procedural question ("how do I", "earn", "per"), as opposed to "how
   * many do I have": they keep "how many tokens do I get?" away from the user's own balance.
   */
  general: string[];
  greeting: string[];
  thanks: string[];
  /** Pointers at someone else's account ("another user", "his donations", "all users"). */
  otherUser: string[];
  /** Attempts to change the assistant's rules ("ignore previous instructions"). */
  override: string[];
  topics: Record<'donations' | 'requests' | 'tokens' | 'impact' | 'nearby' | 'next', string[]>;
  /** Words that name a status, for the status slot. */
  status: Partial<Record<DonationStatus | RequestStatus, string[]>>;
  /** Units of distance, for the radius slot. */
  km: string[];
}

/** Everything a language contributes to understanding questions. */
export interface QuestionPack {
  lang: QuestionLang;
  /** Sample phrasings per knowledge entry; the first one is used as a suggestion. */
  knowledge: Record<KnowledgeId, string[]>;
  /** Sample phrasings per intent (refusals are decided by rules only). */
  intents: Record<Exclude<Intent, 'refuse_other_user'>, string[]>;
  lexicon: Lexicon;
}
