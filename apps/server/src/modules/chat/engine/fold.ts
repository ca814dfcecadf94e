/**
 * The product's vocabulary as concepts: a word in any script or in Latin letters, with vowel
 * lengths, case endings and typing slips folded, mapped to the concept it stands for.
 */

import { normalize } from './normalize.js';
import { VOCABULARY } from './vocabulary.js';
import { ruleWords } from './words.js';

// A word-final virama (பயனர், ਟੋਕਨ੍) becomes a vowel sign once an ending is added (பயனரின்), so
// a prefix pattern must not require it.
export const FINAL_VIRAMA = /[\u094d\u09cd\u0a4d\u0bcd\u0c4d\u0ccd]$/u;

// Long and short vowel signs, and the vowel-sign pairs people swap while typing (वालंटीयर /
// वालंटियर, டோக்கன் / டொக்கன்), folded to one form when words are compared with the vocabulary.
const VOWEL_SKELETON: Record<string, string> = {
  '\u0940': '\u093f',
  '\u0942': '\u0941',
  '\u0949': '\u093e',
  '\u0945': '\u0947',
  '\u09c0': '\u09bf',
  '\u09c2': '\u09c1',
  '\u0a40': '\u0a3f',
  '\u0a42': '\u0a41',
  '\u0a70': '\u0a02',
  '\u0a71': '',
  '\u0a3c': '',
  '\u0bc0': '\u0bbf',
  '\u0bc2': '\u0bc1',
  '\u0bc7': '\u0bc6',
  '\u0bcb': '\u0bca',
  '\u0b83': '',
  '\u0c40': '\u0c3f',
  '\u0c42': '\u0c41',
  '\u0c47': '\u0c46',
  '\u0c4b': '\u0c4a',
  '\u0cc0': '\u0cbf',
  '\u0cc2': '\u0cc1',
  '\u0cc7': '\u0cc6',
  '\u0ccb': '\u0cca',
};
const SKELETON_CHARS = new RegExp(Object.keys(VOWEL_SKELETON).join('|'), 'gu');

/** A word with its vowel-length and similar spelling variants folded (for vocabulary lookups). */
export function skeleton(word: string): string {
  return word.replace(SKELETON_CHARS, (c) => VOWEL_SKELETON[c] ?? c);
}

interface Folding {
  exact: Map<string, string>;
  /** Words that count only exactly as written, without vowel folding or endings (`मील=`). */
  strict: Map<string, string>;
  /** Stems and whole words that may take an ending, longest first. */
  prefixes: Array<{ stem: string; concept: string; maxEnding: number }>;
  /** Latin words, for typo tolerance. */
  latin: Array<{ word: string; concept: string }>;
  /** Romanised stems that take endings (`paadai*`: paadaindi, paadaipoyina), longest first. */
  latinPrefixes: Array<{ stem: string; concept: string }>;
}

// Case endings glued to a word typed in Latin letters ("donationki", "pickupku", "deliverylo",
// "appnalli", "tokenlu"): Telugu, Tamil, Kannada, Bengali, Marathi, Punjabi and Hindi, longest
// first. A word is read without one only when what is left is a vocabulary word.
const LATIN_ENDINGS = [
  'nalli',
  'alli',
  'galu',
  'ukku',
  'kku',
  'kke',
  'ige',
  'lli',
  'nnu',
  'gal',
  'ler',
  'ki',
  'ku',
  'ke',
  'ka',
  'ko',
  'lo',
  'la',
  'lu',
  'ni',
  'nu',
  'ge',
  'er',
  're',
  'te',
  'ne',
  'pe',
  'me',
  'ch',
  'ga',
  'na',
  'ai',
];
const MIN_LATIN_STEM = 3;
const MIN_LATIN_PREFIX = 4;

// Letters an ending may add after a whole vocabulary word (टोकनों, ಡೆಲಿವರಿಗೆ, ডেলিভারিতে).
const MAX_ENDING = 4;
const LATIN_WORD = /^[a-z]+$/;

let folding: Folding | null = null;

function buildFolding(): Folding {
  const built: Folding = {
    exact: new Map(),
    strict: new Map(),
    prefixes: [],
    latin: [],
    latinPrefixes: [],
  };
  for (const [concept, entries] of Object.entries(VOCABULARY)) {
    for (const entry of entries) {
      if (entry.endsWith('=')) {
        built.strict.set(normalize(entry.slice(0, -1)), concept);
        continue;
      }
      const prefix = entry.endsWith('*');
      const word = normalize(prefix ? entry.slice(0, -1) : entry).replace(/\s+/g, '');
      if (!word) continue;
      const key = skeleton(word).replace(FINAL_VIRAMA, '');
      if (!prefix) {
        built.exact.set(skeleton(word), concept);
        // Spoken Kannada drops the final "u" (ಕೊಡು -> ಕೊಡ್, ಮಾಡಬೇಕು -> ಮಾಡಬೇಕ್).
        if (word.endsWith('\u0cc1'))
          built.exact.set(skeleton(`${word.slice(0, -1)}\u0ccd`), concept);
      }
      if (LATIN_WORD.test(word)) {
        if (prefix && word.length >= MIN_LATIN_PREFIX) {
          built.latinPrefixes.push({ stem: word, concept });
        }
        built.latin.push({ word, concept });
      } else if (Array.from(key).length >= 2) {
        built.prefixes.push({ stem: key, concept, maxEnding: prefix ? Infinity : MAX_ENDING });
      }
    }
  }
  built.prefixes.sort((a, b) => b.stem.length - a.stem.length);
  built.latinPrefixes.sort((a, b) => b.stem.length - a.stem.length);
  return built;
}

/** Optimal string alignment distance (edits and swaps of neighbours), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prev2[j - 2]! + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

const folded = new Map<string, string>();
const FOLD_CACHE_LIMIT = 50_000;

/**
 * The concept a word stands for in the product's vocabulary ("donation" for डोनेशन, दान,
 * దానాలు, daan, donatoin), or the word itself. Whole words first, then stems with endings
 * (ಡೆಲಿವರಿಗೆ), then, for longer Latin words, one typing slip (two in words of ten letters).
 */
export function fold(word: string): string {
  const cached = folded.get(word);
  if (cached !== undefined) return cached;
  folding ??= buildFolding();
  const key = skeleton(word);
  let concept = folding.strict.get(word) ?? folding.exact.get(key);
  if (concept === undefined && LATIN_WORD.test(word)) {
    if (word.endsWith('s')) concept = folding.exact.get(word.slice(0, -1));
    if (concept === undefined) concept = latinWithEnding(word, folding);
    if (concept === undefined && word.length >= 7) {
      const max = word.length >= 10 ? 2 : 1;
      let best = max + 1;
      for (const entry of folding.latin) {
        if (entry.word.length < 6) continue;
        const d = editDistance(word, entry.word, max);
        if (d < best) {
          best = d;
          concept = entry.concept;
        }
      }
    }
  } else if (concept === undefined) {
    const length = Array.from(key).length;
    for (const { stem, concept: c, maxEnding } of folding.prefixes) {
      if (key.startsWith(stem) && length - Array.from(stem).length <= maxEnding) {
        concept = c;
        break;
      }
    }
  }
  const result = concept ?? word;
  if (folded.size >= FOLD_CACHE_LIMIT) folded.clear();
  folded.set(word, result);
  return result;
}

/** A Latin word as a vocabulary word with a case ending, or a romanised stem with endings. */
function latinWithEnding(word: string, built: Folding): string | undefined {
  for (const ending of LATIN_ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < MIN_LATIN_STEM) continue;
    const concept = built.exact.get(word.slice(0, -ending.length));
    if (concept !== undefined) return concept;
  }
  return built.latinPrefixes.find(({ stem }) => word.startsWith(stem))?.concept;
}

// "Who", asking about people: with a role word, a question about the roles ("who can be a
// receiver", "ਰਿਸੀਵਰ ਕੌਣ ਹੁੰਦੇ"). Question words are stop words, so they are listed here as words.
const WHO = new Set(ruleWords('who').map(normalize));
const PEOPLE = new Set(['donor', 'receiver', 'volunteer']);
// "Can" asking permission: the word (सकते, শকতো, পারি, যায়, ਸਕਦੇ) or, in Tamil, Telugu and
// Kannada, the verb's ending (குடுக்கலாம், ఇవ్వొచ్చు, ಕೊಡಬಹುದು).
const CAN = new Set(ruleWords('can').map(normalize));
const CAN_ENDING = /(லாம்|லாமா|చ్చు|చ్చా|ಬಹುದು|ಬಹುದಾ|ಬಹುದೇ|ಬೋದು|ಬೋದಾ)$/u;
// "Must not": asking which food may not be given (ದಾನ ಮಾಡಬಾರದು, ఇవ్వకూడదు, குடுக்கக்கூடாது).
const MUST_NOT_ENDING = /(ಬಾರದು|ಬಾರದ|ಕೂಡದು|కూడదు|కూడదా|கூடாது|கூடாதா)$/u;
const GIVING = new Set(['give', 'donate', 'donation']);
// "Need" after a food word ("ಊಟ ಬೇಕು", "खाना चाहिए", "అన్నం కావాలి"), or, in English, before it
// ("we need food"): asking for food, the way a receiver puts a request.
const NEED_AFTER = new Set(ruleWords('needAfter').map(normalize));
const NEED_BEFORE = new Set(['need', 'want']);
// "Putting" a request is making one (ರಿಕ್ವೆಸ್ಟ್ ಹಾಕೋದು, రిక్వెస్ట్ పెట్టాలి, request போடணும், रिक्वेस्ट डालें).
const PUT = /^(ಹಾಕ|haak|hak|పెట్ట|pett|போட|podan|डाल|टाक|ਪਾਉ|ਪਾਈ)/u;
// Letting a pickup go: cancelling it, being unable to go ("can" with "not": जा नहीं सकता,
// যেতে পারব না), or releasing it (छोड़ना, ছেড়ে দেওয়া, ಬಿಟ್ಟುಕೊಡು, వదులుకో, give it back).
const LET_GO = new Set(['cancel', 'unable']);
// "Cannot go" as one verb: ಹೋಗಕ್ಕಾಗಲ್ಲ, ಹೋಗೋಕಾಗಲ್ಲ, వెళ్ళలేను, hogakagalla.
const UNABLE_ENDING = /(ಕಾಗಲ್ಲ|ಕಾಗಲ್ಲಾ|ಕಾಗೋದಿಲ್ಲ|ಲಾಗುತ್ತಿಲ್ಲ|ಲಾಗಲ್ಲ|లేను|లేము|kagalla|kkagalla)$/u;
// Product actions a "do" word may belong to ("ಡೊನೇಷನ್ ಡಿಲಿಟ್ ಮಾಡೋದು" deletes a donation).
const ACTIONS = new Set(['delete', 'cancel', 'reject', 'accept', 'confirm', 'grab', 'collect']);
const RELEASE =
  /^(release|chhod|chod|vadul|vadil|bid|bitt|छोड|छोड़|सोड|ছেড|ছাড|ਛੱਡ|ਛਡ|விடுவி|விட்டு|వదుల|వదిలే|ಬಿಟ್ಟು|ಬಿಡ)/u;
const NOT = new Set(ruleWords('not').map(normalize));
const BACK = new Set(ruleWords('back').map(normalize));
const FOODS = new Set(['food', 'meal']);
// Words of a volunteer's pickup: with them, cancelling is giving the pickup back.
const PICKUP_SIDE = new Set(['pickup', 'grab', 'volunteer', 'collect', 'take', 'go', 'delivery']);

/**
 * Concepts only two words together make (not in the vocabulary): they mark what kind of
 * question it is, so a topic whose sample questions mostly carry one needs it in the question.
 */
export const MARKS: ReadonlySet<string> = new Set(['permitted', 'letgo']);

/**
 * Words a sequence of words implies, the way Indian languages build meanings from two words:
 * - a donation word followed by "do" within two words is "donate" (दान करना, డొనేషన్ చేయాలి,
 *   donation kivabe korbo);
 * - leftover food followed by "give" is donating it (बचा खाना देना है, ಉಳಿದ ಊಟ ಕೊಡ್ಬೇಕು);
 * - "take" followed by "go" is carrying (ले जाना, নিয়ে যাওয়া, ತಗೊಂಡು ಹೋಗಿ), and "take" with a
 *   pickup otherwise is grabbing it (पिकअप कैसे लूँ, పికప్ ఎలా తీస్కోవాలి);
 * - "who" with a role word asks about the roles;
 * - "can" with giving or donating, and no "how", asks whether something may be donated.
 */
export function compounds(tokens: readonly string[]): string[] {
  const out = new Set<string>();
  // A concept said twice in a row is said once ("डोनेशन [donation]" in a normalised question).
  const concepts = tokens.map(fold).filter((c, i, all) => i === 0 || c !== all[i - 1]);
  // The words themselves, aligned with `concepts` (for words read as written).
  const foldedTokens = tokens.filter((_, i, all) => i === 0 || fold(all[i]!) !== fold(all[i - 1]!));
  const within = (i: number, reach: number, concept: string) =>
    concepts.slice(i + 1, i + 1 + reach).includes(concept);
  let carried = false;
  for (let i = 0; i < concepts.length; i++) {
    const concept = concepts[i];
    // "ಡೊನೇಷನ್ ಡಿಲಿಟ್ ಮಾಡೋದು": the "do" belongs to the product word between (deleting).
    const between = concepts[i + 1];
    const ownVerb = between !== undefined && ACTIONS.has(between);
    if (concept === 'donation' && (concepts[i + 1] === 'do' || (within(i, 2, 'do') && !ownVerb))) {
      out.add('donate');
    }
    if (concept === 'surplus' && within(i, 3, 'give')) out.add('donate');
    if (FOODS.has(concept!) && NEED_AFTER.has(foldedTokens[i + 1] ?? '')) out.add('askfood');
    if (FOODS.has(concept!) && NEED_BEFORE.has(foldedTokens[i - 1] ?? '')) out.add('askfood');
    if (concept === 'request' && [1, 2].some((k) => PUT.test(foldedTokens[i + k] ?? ''))) {
      out.add('askfood');
    }
    if (concept === 'take' && concepts[i + 1] === 'go') {
      out.add('carry');
      carried = true;
    }
  }
  if (!carried && concepts.includes('take') && concepts.includes('pickup')) out.add('grab');
  if (tokens.some((t) => WHO.has(t)) && concepts.some((c) => PEOPLE.has(c))) out.add('role');
  // "Can I give this food?" asks what may be donated; "how can I donate" asks how.
  const can = tokens.some((t) => CAN.has(t) || CAN_ENDING.test(t) || MUST_NOT_ENDING.test(t));
  const giving = concepts.some((c) => GIVING.has(c)) || out.has('donate');
  if (can && giving && !concepts.includes('how')) out.add('permitted');
  // Cancelling one's own donation, with no pickup in view, is deleting it (ದಾನ ರದ್ದು ಮಾಡೋದು,
  // দানটা বাতিল): letting a pickup go is a volunteer's move (decision 0057).
  const cancelsDonation =
    concepts.includes('cancel') &&
    (concepts.includes('donation') || out.has('donate')) &&
    !concepts.some((c) => PICKUP_SIDE.has(c));
  if (cancelsDonation) out.add('delete');
  // Accepting a delivery that comes in is confirming it (ఇన్‌కమింగ్ డెలివరీ యాక్సెప్ట్); accepting a
  // request is the donor's move.
  if (
    concepts.includes('accept') &&
    concepts.includes('delivery') &&
    !concepts.includes('request')
  ) {
    out.add('confirm');
  }
  if (
    (!cancelsDonation && concepts.some((c) => LET_GO.has(c))) ||
    concepts.includes('unable') ||
    tokens.some((t) => RELEASE.test(t) || BACK.has(t) || UNABLE_ENDING.test(t)) ||
    (can && tokens.some((t) => NOT.has(t)))
  ) {
    out.add('letgo');
  }
  return [...out];
}
