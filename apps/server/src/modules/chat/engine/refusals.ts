/**
 * The words and rules that tell a refused message apart: the assistant addressed ("you", "your"),
 * names and genitive words in front of private data, other users or everyone, and attempts on the
 * assistant's rules. Read by the engine before anything else (docs/decisions/0024).
 */

import { PRODUCT_CONCEPTS } from './retrieval.js';
import { isAll } from './third-party.js';
import { tokenize } from './text.js';
import { ruleWords } from './words.js';

// "You", addressing the assistant, in every language and in Latin letters.
export const YOU = new Set(ruleWords('you').map((w) => tokenize(w)[0]!));
// "Your", addressing the assistant ("your instructions").
export const YOUR = new Set(ruleWords('your').map((w) => tokenize(w)[0]!));
// Words before "'s" that are no person ("what's", "today's").
export const SELF_OR_THING = new Set([
  'what',
  'that',
  'there',
  'here',
  'today',
  'where',
  'who',
  'how',
]);
export const INDIC_LETTER = /[\u0900-\u0cff]/u;
// Data that belongs to an account: asked for a named person, it is refused.
export const PRIVATE_CONCEPTS = new Set([
  'data',
  'donation',
  'request',
  'token',
  'contact',
  'account',
  'stats',
  'badge',
  'password',
]);
// Words that make the word before them a possessor ("Raja's", "Manjunath's").
export const GENITIVE_WORDS = new Set(ruleWords('genitive').map((w) => tokenize(w)[0]!));

/**
 * An attempt to change the assistant's rules, from concepts in any script: forgetting or
 * ignoring together with rules or instructions, the prompt itself, or "admin" with any of these.
 */
export function overridesRules(concepts: ReadonlySet<string>, addressed: boolean): boolean {
  const has = (c: string) => concepts.has(c);
  if (has('prompt')) return true;
  if (has('forget') && (has('rules') || has('previous'))) return true;
  // "Show me your instructions", "you are admin now".
  if (has('rules') && addressed && !hasProductTopic(concepts)) return true;
  return (
    has('admin') &&
    (addressed || ['forget', 'rules', 'everyone', 'user', 'data', 'contact'].some(has))
  );
}

/** Other users or everyone, with their accounts or data ("सबका डेटा", "மற்ற பயனர்"). */
export function pointsAtOthers(
  concepts: ReadonlySet<string>,
  mine: boolean,
  tokens: readonly string[],
): boolean {
  const has = (c: string) => concepts.has(c);
  if (has('other') && has('user')) return true;
  // "How many tokens has the hotel next door earned": a role with a finished third-person verb
  // (ಗಳಿಸಿದ್ದಾರೆ) asks about particular people, not about how the product works.
  const people = ['user', 'donor', 'volunteer', 'receiver'].some(has);
  if (people && !mine && !has('how') && PRIVATE_LIST.some(has) && tokens.some(isPerfect)) {
    return true;
  }
  // "Where is that volunteer's house" (ಆ ವಾಲಂಟಿಯರ್ ಮನೆ ಎಲ್ಲಿದೆ): where a particular person lives.
  if (people && !mine && tokens.some((t) => THAT.has(t)) && tokens.some(isWhereabouts)) {
    return true;
  }
  // "Someone else's phone number" (ಬೇರೆ ಅವರ ಫೋನ್ ನಂಬರ್, bere avra phone number).
  if (has('other') && has('contact') && !mine && !has('how')) return true;
  // "User 42's tokens", "यूजर 7 के दान".
  if (has('user') && tokens.some((t) => /\d/.test(t)) && PRIVATE_LIST.some(has)) return true;
  // "List of volunteers", "donors' phone numbers": people of a role, not the user.
  if (people && !mine && !has('how') && (has('list') || has('contact') || has('data'))) {
    return true;
  }
  // "All users' passwords" (ಎಲ್ಲಾ users ನ passwords), not "all my donations".
  if (has('user') && !mine && tokens.some(isAll) && PRIVATE_CONCEPTS_LIST.some(has)) return true;
  // "My all donations" (ਮੇਰੀਆਂ ਸਾਰੀਆਂ donations) is the user's own list, not everyone's.
  return has('everyone') && !mine && ['data', 'contact', 'user', ...PRIVATE_CONCEPTS].some(has);
}

// Kannada finished third-person verbs: "they have earned" (ಗಳಿಸಿದ್ದಾರೆ), "he has got" (ಪಡೆದಿದ್ದಾನೆ).
const PERFECT_THIRD = /(ದ್ದಾರೆ|ದ್ದಾನೆ|ದ್ದಾಳೆ)$/u;
const isPerfect = (token: string) => PERFECT_THIRD.test(token);

// "That" pointing at one person (ಆ ವಾಲಂಟಿಯರ್, उस डोनर, ওই ভলান্টিয়ার, அந்த வாலண்டியர்).
const THAT = new Set(ruleWords('that').map((w) => tokenize(w)[0]!));
// Where someone lives: home, house (ಮನೆ, घर, বাড়ি, வீடு, ఇల్లు).
const WHEREABOUTS = /^(home|house|ghar|mane|ಮನೆ|घर|বাড়ি|ਘਰ|வீடு|வீட்டு|ఇల్లు|ఇంటి)/u;
export const isWhereabouts = (token: string) => WHEREABOUTS.test(token);

const PRIVATE_LIST = ['data', 'contact', 'donation', 'request', 'token', 'account', 'stats'];
const PRIVATE_CONCEPTS_LIST = [...PRIVATE_CONCEPTS];

function hasProductTopic(concepts: ReadonlySet<string>): boolean {
  return [...concepts].some((c) => PRODUCT_CONCEPTS.has(c));
}
