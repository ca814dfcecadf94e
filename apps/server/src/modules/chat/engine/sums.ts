import {
  BADGES,
  CO2_KG_PER_UNIT,
  CO2_MILESTONES_KG,
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  MEALS_PER_FAMILY_DAY,
  VOLUNTEER_TOKENS_PER_COMPLETION,
  type BadgeId,
  type Unit,
} from '@annasetu/domain';
import { fold } from './fold.js';
import type { KnowledgeId } from './types.js';

/**
 * Questions that carry a figure and ask for a sum ("4 good pickups, how many tokens?", "40 meals,
 * how much CO2?", "96 meals, how many families?"): the figure is computed from the domain's own
 * constants, so the answer cannot drift from what the app counts.
 */
export type Sum =
  | { kind: 'donorTokens'; count: number; per: number; total: number }
  | { kind: 'volunteerTokens'; count: number; per: number; total: number }
  | { kind: 'co2'; quantity: number; unit: Unit; per: number; total: number }
  | { kind: 'families'; meals: number; per: number; total: number }
  | { kind: 'milestone'; saved: number; next: number; remaining: number }
  | { kind: 'allMilestones'; saved: number; last: number }
  /** `have` actions (or kg of CO2) so far: the next badge of that kind and how many more. */
  | { kind: 'badge'; have: number; badge: BadgeId; threshold: number; remaining: number }
  | { kind: 'allBadges'; have: number }
  /** Posted at `start` (minutes after midnight) with `hours` to expiry: listed until `end`. */
  | { kind: 'expiryTime'; start: number; hours: number; end: number };

/** The knowledge topic a sum answers. */
export const SUM_TOPIC: Record<Sum['kind'], KnowledgeId> = {
  donorTokens: 'tokens',
  volunteerTokens: 'tokens',
  co2: 'co2',
  families: 'meals',
  milestone: 'milestones',
  allMilestones: 'milestones',
  expiryTime: 'expiry',
  badge: 'badges',
  allBadges: 'badges',
};

// A clock time's word ("10 बजे", "2 baje", "8 ਵਜੇ", "9 மணிக்கு") and the parts of the day.
const CLOCK = /^(baje|vaje|vajta|बजे|वाजता|ਵਜੇ|மணிக்கு|o'?clock)$/u;
const MORNING = /^(am|morning|subah|savere|सुबह|सकाळी|ਸਵੇਰੇ|সকাল|காலை|ఉదయం|ಬೆಳಿಗ್ಗೆ|ಬೆಳಗ್ಗೆ)/u;
const LATER =
  /^(pm|afternoon|evening|night|dopahar|shaam|raat|दोपहर|दुपहर|शाम|रात|दुपारी|संध्याकाळी|रात्री|ਦੁਪਹਿਰ|ਸ਼ਾਮ|ਰਾਤ|দুপুর|মধ্যাহ্ন|বিকেল|সন্ধ্যা|রাত|மதியம்|மாலை|இரவு|మధ్యాహ్నం|సాయంత్రం|రాత్రి|ಮಧ್ಯಾಹ್ನ|ಸಂಜೆ|ರಾತ್ರಿ)/u;

/** "Posted at 10 with 6 hours to expiry": the clock time the donation stays listed until. */
function expiryTime(words: readonly string[]): Sum | null {
  const concepts = words.map(fold);
  const numbers = words.flatMap((w, i) => {
    const m = /^(\d{1,2})(?::(\d{2}))?(\D*)$/u.exec(w);
    return m ? [{ i, value: Number(m[1]), minutes: Number(m[2] ?? 0), glued: m[3]! }] : [];
  });
  if (numbers.length !== 2) return null;
  const [at, length] = numbers as [(typeof numbers)[0], (typeof numbers)[0]];
  const hoursAfter = (i: number) => concepts[i + 1] === 'hours';
  const clock = CLOCK.test(words[at.i + 1] ?? '') || at.glued !== '' || hoursAfter(at.i);
  if (!hoursAfter(length.i) || !(clock || concepts.includes('expiry'))) return null;
  if (at.value > 24 || length.value < 1 || length.value > 72) return null;
  const near = words.slice(Math.max(0, at.i - 2), at.i + 3);
  let hour = at.value;
  if (near.some((w) => LATER.test(w)) && hour < 12) hour += 12;
  else if (near.some((w) => MORNING.test(w)) && hour === 12) hour = 0;
  const start = hour * 60 + at.minutes;
  return { kind: 'expiryTime', start, hours: length.value, end: start + length.value * 60 };
}

// Unit words after a figure, by the start of the word (endings vary: किलो, ಕೆಜಿಯ, லிட்டர்).
const UNIT_WORDS: Array<[Unit, string[]]> = [
  [
    'kg',
    ['kg', 'kilo', 'किलो', 'किग्रा', 'केजी', 'কেজি', 'কিলো', 'ਕਿਲੋ', 'கிலோ', 'కేజీ', 'కిలో', 'ಕೆಜಿ', 'ಕಿಲೋ'],
  ],
  [
    'liters',
    ['l', 'lt', 'litre', 'liter', 'लीटर', 'लिटर', 'লিটার', 'ਲੀਟਰ', 'லிட்டர', 'లీటర', 'ಲೀಟರ'],
  ],
  ['packs', ['pack', 'पैकेट', 'पाकीट', 'প্যাকেট', 'ਪੈਕੇਟ', 'பாக்கெட', 'ప్యాకెట', 'ಪ್ಯಾಕೆಟ']],
  [
    'meals',
    [
      'meal',
      'plate',
      'thali',
      'थाली',
      'ताट',
      'प्लेट',
      'থালা',
      'প্লেট',
      'ਥਾਲੀ',
      'ਪਲੇਟ',
      'தட்டு',
      'ప్లేట',
      'ಪ್ಲೇಟ',
    ],
  ],
];
// Words for a family or household.
const FAMILY = [
  'famil',
  'parivar',
  'poribar',
  'kutumb',
  'परिवार',
  'कुटुंब',
  'পরিবার',
  'ਪਰਿਵਾਰ',
  'ਟੱਬਰ',
  'குடும்ப',
  'కుటుంబ',
  'ಕುಟುಂಬ',
];
const CARBON = ['carbon', 'कार्बन', 'কার্বন', 'ਕਾਰਬਨ', 'கார்பன்', 'కార్బన్', 'ಕಾರ್ಬನ್'];

const GLUED = /^(\d+(?:\.\d+)?)([^\d.]+)$/u;

/** Digits of any Indian script as ASCII ("১৫" -> "15"): every Indic block has its zero at 0x66. */
export function asciiDigits(text: string): string {
  return text.replace(
    /[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef]/gu,
    (d) => String((d.codePointAt(0)! & 0x7f) - 0x66),
  );
}

const startsWithAny = (word: string, list: readonly string[]) =>
  list.some((w) => word.startsWith(w));

function unitOf(word: string | undefined): Unit | undefined {
  if (!word) return undefined;
  if (fold(word) === 'meal') return 'meals';
  for (const [unit, words] of UNIT_WORDS) {
    if (
      unit === 'liters'
        ? words.some((w) => word === w || (w.length > 2 && word.startsWith(w)))
        : startsWithAny(word, words)
    ) {
      return unit;
    }
  }
  return undefined;
}

/** The first figure of the message with the unit written after it, if any. */
function figure(words: readonly string[]): { value: number; unit?: Unit } | undefined {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const glued = GLUED.exec(word);
    if (glued) return { value: Number(glued[1]), unit: unitOf(glued[2]) };
    if (/^\d+(?:\.\d+)?$/.test(word)) return { value: Number(word), unit: unitOf(words[i + 1]) };
  }
  return undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The sum a message asks for, or null. `words` are the message's words as the engine reads them
 * (normalised, lower case).
 */
export function findSum(words: readonly string[]): Sum | null {
  const ascii = words.map(asciiDigits);
  const clock = expiryTime(ascii);
  if (clock) return clock;
  const found = figure(ascii);
  if (!found || found.value <= 0 || found.value > 1_000_000) return null;
  const concepts = new Set(ascii.map(fold));
  const has = (list: readonly string[]) => ascii.some((w) => startsWithAny(w, list));
  const { value, unit } = found;
  if (concepts.has('badge')) {
    // CO2 badges count kg saved; the others count the role's actions (donations, deliveries).
    const metric = concepts.has('co2') || has(CARBON) ? 'co2Kg' : 'activity';
    const next = BADGES.find((b) => b.metric === metric && b.threshold > value);
    return next
      ? {
          kind: 'badge',
          have: value,
          badge: next.id,
          threshold: next.threshold,
          remaining: round(next.threshold - value),
        }
      : { kind: 'allBadges', have: value };
  }
  if (concepts.has('milestone')) {
    const next = CO2_MILESTONES_KG.find((m) => m > value);
    return next === undefined
      ? { kind: 'allMilestones', saved: value, last: CO2_MILESTONES_KG.at(-1)! }
      : { kind: 'milestone', saved: value, next, remaining: round(next - value) };
  }
  if (concepts.has('token')) {
    if (!Number.isInteger(value)) return null;
    // A volunteer earns per delivery; a donor per collection of their food in good condition.
    return concepts.has('delivery') || (concepts.has('volunteer') && !concepts.has('donation'))
      ? {
          kind: 'volunteerTokens',
          count: value,
          per: VOLUNTEER_TOKENS_PER_COMPLETION,
          total: value * VOLUNTEER_TOKENS_PER_COMPLETION,
        }
      : {
          kind: 'donorTokens',
          count: value,
          per: DONOR_TOKENS_PER_GOOD_COLLECTION,
          total: value * DONOR_TOKENS_PER_GOOD_COLLECTION,
        };
  }
  if (has(FAMILY) && (unit === undefined || unit === 'meals')) {
    return {
      kind: 'families',
      meals: value,
      per: MEALS_PER_FAMILY_DAY,
      total: round(value / MEALS_PER_FAMILY_DAY),
    };
  }
  if (concepts.has('co2') || has(CARBON)) {
    // "20 kg CO2" is an amount of CO2 already, not of food.
    const q = unit ?? (concepts.has('meal') ? 'meals' : undefined);
    if (!q) return null;
    const co2Index = ascii.findIndex((w) => fold(w) === 'co2');
    const numberIndex = ascii.findIndex((w) => /\d/.test(w));
    if (co2Index >= 0 && co2Index <= numberIndex + 2 && unit === 'kg' && !concepts.has('meal')) {
      const between = ascii.slice(numberIndex + 1, co2Index);
      if (between.length <= 1) return null;
    }
    const per = CO2_KG_PER_UNIT[q];
    return { kind: 'co2', quantity: value, unit: q, per, total: round(value * per) };
  }
  return null;
}

/**
 * "5 kg of biryani, how many meals is that?": a figure in kg, liters or packs with a meal word
 * and nothing else to compute. The product keeps no conversion (meals and kg are counted
 * apart, docs/product.md), so the question is read as how meals are counted.
 */
export function asksMealsOfWeight(words: readonly string[]): boolean {
  const ascii = words.map(asciiDigits);
  const found = figure(ascii);
  if (!found?.unit || found.unit === 'meals') return false;
  // "10 kg by mistake, it should be 10 meals": meals as a figure of their own are no question.
  const mealAt = ascii.findIndex((w) => fold(w) === 'meal');
  if (mealAt < 0 || /\d/.test(ascii[mealAt - 1] ?? '')) return false;
  return !ascii.some((w) => fold(w) === 'co2' || startsWithAny(w, CARBON));
}
