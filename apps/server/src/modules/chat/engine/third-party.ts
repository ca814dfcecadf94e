import { fold } from './fold.js';
import { positionsOf, tokenize } from './text.js';
import { ruleWords } from './words.js';

/**
 * Questions about a particular other person or place's data (decision 0057): a friend's tokens,
 * a neighbour's donations, "that restaurant's" address, other volunteers' tokens, all donations
 * of a named hotel. They are refused, never answered with the asker's own data, even when "my"
 * is in the message ("my friend's tokens"). General questions about a role ("how do volunteers
 * earn tokens?") are not: a "how" without a count word asks how the product works.
 */

// People named by their relation to the asker, or by their place in a business.
const RELATION =
  /^(friend|neighbou?r|padosi|dost|owner|manager|malik|पड़ोसी|पडोसी|दोस्त|मित्र|शेजार|मालक|मालिक|मैनेजर|मॅनेजर|বন্ধু|প্রতিবেশী|পাশের|মালিক|ম্যানেজার|ਦੋਸਤ|ਗੁਆਂਢੀ|ਮਾਲਕ|ਮੈਨੇਜਰ|நண்ப|பக்கத்து|உரிமையாளர|மேனேஜர|స్నేహిత|ఫ్రెండ్|పక్క|ఓనర్|మేనేజర్|ಸ್ನೇಹಿತ|ಫ್ರೆಂಡ್|ಪಕ್ಕದ|ಮ್ಯಾನೇಜರ್|ಮಾಲೀಕ)/u;
// Where someone is: an address.
const ADDRESS = /^(address|pata|पता|पत्ता|पत्ते|ঠিকানা|ਪਤਾ|ਪਤੇ|முகவரி|அட்ரஸ்|అడ్రస్|చిరునామా|ಅಡ್ರೆಸ್|ವಿಳಾಸ)/u;
// "That" one (उस रेस्टोरेंट, অন্ধা ஹோட்டல், ಆ ಫುಡ್ ಬ್ಯಾಂಕ್).
const THAT = new Set([
  'that',
  'andha',
  'antha',
  'us',
  'उस',
  'वो',
  'ওই',
  'সেই',
  'ਉਸ',
  'அந்த',
  'ఆ',
  'ಆ',
]);
// "All" of someone's things (सारे, সব, எல்லாம், అన్నీ, ಎಲ್ಲ).
const ALL = /^(all|saare|sare|sab|ellam|ellaam|anni|ella|सब|सारे|सगळ|সব|ਸਾਰੇ|ਸਭ|எல்லா|అన్ని|ಎಲ್ಲ)/u;
// Asking for a count: "how many" is about figures, not about how the product works.
const COUNT =
  /^(many|much|kitne|kitna|kitni|kinne|kinna|kinni|kiti|koto|ethana|ethanai|evlo|evvalavu|enni|entha|eshtu|कितने|कितना|कितनी|किती|কত|ਕਿੰਨੇ|ਕਿੰਨਾ|எத்தனை|எவ்வளவு|ఎన్ని|ఎంత|ಎಷ್ಟು)/u;

/** A count word ("how many"), which may stand between an owner and their data. */
export const isCount = (token: string) => COUNT.test(token);
/** An "all" word, which may stand between an owner and their data. */
export const isAll = (token: string) => ALL.test(token);

const PEOPLE = ['user', 'donor', 'volunteer', 'receiver', 'bank', 'nursery', 'poultry'];
const PRIVATE = [
  'data',
  'contact',
  'donation',
  'request',
  'token',
  'account',
  'stats',
  'badge',
  'password',
];
// Relative words ("जो", "ਜਿਹੜੀ", "যে"): "the food we asked for, what became of its request".
const RELATIVE = new Set(ruleWords('relative').map((w) => tokenize(w)[0]!));

/**
 * True when the message asks for a particular other person's data. `mine`: a possessive points
 * at the asker; `isName`: a word the knowledge never uses (a name).
 */
export function asksAboutSomeoneElse(
  tokens: readonly string[],
  mine: boolean,
  isName: (token: string) => boolean,
): boolean {
  const concepts = tokens.map(fold);
  const has = (c: string) => concepts.includes(c);
  const address = tokens.some((t) => ADDRESS.test(t));
  const data = PRIVATE.some(has) || address;
  if (!data) return false;
  // "How do volunteers earn tokens?": how the product works, unless it counts someone's things.
  if (has('how') && !tokens.some((t) => COUNT.test(t))) return false;
  // A donation word followed by "do" is a verb (दान करना), as the name rule reads it.
  const people = concepts.map((c) => PEOPLE.includes(c));
  const role = people.some(Boolean);
  if (tokens.some((t) => RELATION.test(t))) return true;
  if (!role || has('nearby') || has('map')) return false;
  if (has('other') && !mine) return true;
  // "Email ids of all food banks": contact details of people of a role.
  if (has('contact') && !mine) return true;
  // "That" right before the role word, or before the name before it ("andha hotel").
  if (people.some((p, i) => p && [1, 2].some((d) => THAT.has(tokens[i - d] ?? '')))) return true;
  if (address && !mine) return true;
  // "Spice Garden restaurant", "ಮಯೂರ ಹೋಟೆಲ್": a name right before a role word.
  const named = people.some((p, i) => p && i > 0 && isName(tokens[i - 1]!));
  if (named && !mine) return true;
  return !mine && tokens.some((t) => ALL.test(t)) && has('donation') && !has('donate');
}

/**
 * "मैंने कल जो रिक्वेस्ट भेजी थी उसका क्या हुआ" (what happened to the request I sent): a
 * third-person word after the user's own data points back at it, not at another person. True
 * when the user speaks of themselves and every such word comes after the first data word.
 */
export function refersBack(
  tokens: readonly string[],
  otherWords: readonly string[],
  self: boolean,
): boolean {
  if (!self) return false;
  const firstData = tokens.findIndex((t) => PRIVATE.includes(fold(t)));
  const others = positionsOf(tokens, otherWords);
  // A relative clause the user speaks in ("हमने जो खाना माँगा था उसकी…") is picked up again by
  // the third-person word after it: that word points back at the user's own thing too.
  const relative = tokens.findIndex((t) => RELATIVE.has(t));
  const first = Math.min(...[firstData, relative].filter((i) => i >= 0));
  return others.length > 0 && others.every((i) => i > first);
}
