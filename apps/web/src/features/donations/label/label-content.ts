import type { TFunction } from 'i18next';
import type { Donation, FssaiRecord } from '@annasetu/domain';
import { formatDate } from '../../../lib/format';
import { toUiLanguage } from '../../../lib/languages';

/** A text in the reader's language with its English beside it; `english` is null when equal. */
export interface Bilingual {
  text: string;
  english: string | null;
}

/** The FSSAI food mark: green dot in a green square, or brown triangle in a brown square. */
export type DietMark = 'veg' | 'nonveg';

export type LabelFieldKey =
  'donor' | 'fssai' | 'prepared' | 'pickedUp' | 'useBy' | 'packUseBy' | 'holding' | 'allergens';

export interface LabelField {
  key: LabelFieldKey;
  label: Bilingual;
  value: Bilingual;
}

/** Everything a container label prints, translated and formatted (label-document.ts lays it out). */
export interface LabelContent {
  language: string;
  /** The donor's own words: printed as written, in whatever script. */
  food: string;
  mark: DietMark;
  diet: Bilingual;
  /** "Food for Disposal" and why, when the food is not fit for people; null otherwise. */
  disposal: { title: Bilingual; note: Bilingual } | null;
  fields: LabelField[];
  /** The donation's page in the app: the receiver scans it to open the donation. */
  url: string;
  scan: Bilingual;
  times: Bilingual;
  /** The download's name without its layout and extension. */
  fileStem: string;
}

export interface LabelOptions {
  /** The reader's UI language and its translations; `english` gives the English line. */
  language: string;
  t: TFunction;
  english: TFunction;
  /** The donor's FSSAI number: the donation's own record, else the signed-in donor's. */
  donorFssai: FssaiRecord | null;
  /** The app's origin, e.g. https://annasetu.example.in (the QR code's address starts with it). */
  origin: string;
  /** The moment the label is made: food past its safe-by time then is for disposal. */
  now: number;
}

/** The app's name, printed on every label. */
export const BRAND = 'AnnaSetu';

/** Shown where a field has no value yet (not collected). */
export const NO_VALUE = '—';

// India Standard Time is UTC+05:30 all year (no daylight saving): adding the offset and
// formatting in UTC writes Indian wall-clock time even where the browser has no time-zone data
// (the app's CLDR polyfill carries none).
const IST_OFFSET_MS = 330 * 60_000;
const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
};

function indiaTime(instant: string, language: string): string {
  return formatDate(new Date(Date.parse(instant) + IST_OFFSET_MS), language, DATE_TIME);
}

/** The preparation time as the donor wrote it (their clock, India's for donors in India). */
function preparedTime(donation: Donation, language: string): string {
  const wallClock = `${donation.prepDate}T${donation.prepTime.slice(0, 5)}:00Z`;
  return formatDate(wallClock, language, DATE_TIME);
}

/** Mixed food contains non-vegetarian food: under FSSAI's rules it carries the non-veg mark. */
export function dietMark(vegType: Donation['vegType']): DietMark {
  return vegType === 'veg' ? 'veg' : 'nonveg';
}

/**
 * Whether the label must say "Food for Disposal": the food was recorded as not fit for people
 * (a collection or receipt of bad quality leaves the donation rejected), or its "safe for people
 * until" time has passed when the label is made.
 */
export function forDisposal(donation: Donation, now: number): boolean {
  if (donation.status === 'rejected') return true;
  return donation.safeUntil !== null && Date.parse(donation.safeUntil) <= now;
}

/** When the food left the donor: the collection (or self-delivered receipt), if recorded. */
function pickedUpAt(donation: Donation): string | null {
  const collected = donation.status === 'completed' || donation.status === 'rejected';
  return collected ? donation.completedAt : null;
}

function fileSlug(donation: Donation): string {
  return donation.id.slice(0, 8);
}

/**
 * The content of one container label: what the food is, its FSSAI mark, who gave it with their
 * FSSAI number, when it was prepared and picked up, until when it is safe for people, its
 * allergens, and "Food for Disposal" when it is not fit for people. Every label and every value
 * is in the reader's language with English beside it where the two differ; times are India's.
 */
export function labelContent(donation: Donation, options: LabelOptions): LabelContent {
  const language = toUiLanguage(options.language);
  const { t, english } = options;
  const both = (key: string, values?: Record<string, unknown>): Bilingual =>
    pair(t(key, values ?? {}), english(key, values ?? {}));
  const when = (instant: string | null): Bilingual =>
    instant === null
      ? { text: NO_VALUE, english: null }
      : pair(indiaTime(instant, language), indiaTime(instant, 'en'));
  const plain = (text: string): Bilingual => ({ text, english: null });

  const fields: LabelField[] = [
    { key: 'donor', label: both('donations.card.donor'), value: plain(donation.donorName) },
  ];
  if (options.donorFssai) {
    fields.push({
      key: 'fssai',
      label: both('label.fields.fssai'),
      value: plain(options.donorFssai.number),
    });
  }
  fields.push(
    {
      key: 'prepared',
      label: both('donations.card.prepared'),
      value: pair(preparedTime(donation, language), preparedTime(donation, 'en')),
    },
    { key: 'pickedUp', label: both('label.fields.pickedUp'), value: when(pickedUpAt(donation)) },
    {
      key: 'useBy',
      label: both('label.fields.useBy'),
      value:
        donation.safeUntil === null ? both('foodSafety.card.notStated') : when(donation.safeUntil),
    },
    // Packaged food's own date, as printed on the pack: "use by" above may be earlier (the
    // donation's expiry caps it), and a reader must not take one for the other.
    ...(donation.holding === 'packaged' && donation.useBy
      ? [
          {
            key: 'packUseBy' as const,
            label: both('foodSafety.useBy'),
            value: when(donation.useBy),
          },
        ]
      : []),
    {
      key: 'holding',
      label: both('foodSafety.card.holding'),
      value: donation.holding
        ? both(`foodSafety.holding.${donation.holding}`)
        : both('foodSafety.card.notStated'),
    },
    {
      key: 'allergens',
      label: both('foodSafety.card.allergens'),
      value: allergenList(donation, t, english),
    },
  );

  return {
    language,
    food: donation.foodType,
    mark: dietMark(donation.vegType),
    diet: both(
      donation.vegType === 'mixed' ? 'label.mixed' : `donations.vegTypes.${donation.vegType}`,
    ),
    disposal: forDisposal(donation, options.now)
      ? { title: both('label.disposal.title'), note: both('label.disposal.note') }
      : null,
    fields,
    url: donationUrl(options.origin, donation.id),
    scan: both('label.scan'),
    times: both('label.times'),
    fileStem: `annasetu-label-${fileSlug(donation)}`,
  };
}

/** The donation's page in the app; only its id travels in the code, never a token. */
export function donationUrl(origin: string, donationId: string): string {
  return new URL(`/donations/${encodeURIComponent(donationId)}`, origin).href;
}

function pair(text: string, english: string): Bilingual {
  return { text, english: text === english ? null : english };
}

/** The FSSAI allergens the donor declared; "not stated" when the donation did not say. */
function allergenList(donation: Donation, t: TFunction, english: TFunction): Bilingual {
  // A donation that does not say how its food is kept was never asked about allergens.
  if (donation.holding === null) {
    return pair(t('foodSafety.card.notStated'), english('foodSafety.card.notStated'));
  }
  if (donation.allergens.length === 0) {
    return pair(t('foodSafety.card.noAllergens'), english('foodSafety.card.noAllergens'));
  }
  const list = (tr: TFunction) =>
    donation.allergens.map((a) => tr(`foodSafety.allergen.${a}`)).join(', ');
  return pair(list(t), list(english));
}

/** Every text a label prints, so the fonts of exactly the scripts it uses can be loaded. */
export function labelTexts(content: LabelContent): string[] {
  const texts = (b: Bilingual) => (b.english === null ? [b.text] : [b.text, b.english]);
  return [
    content.food,
    ...texts(content.diet),
    ...(content.disposal
      ? [...texts(content.disposal.title), ...texts(content.disposal.note)]
      : []),
    ...content.fields.flatMap((f) => [...texts(f.label), ...texts(f.value)]),
    content.url,
    ...texts(content.scan),
    ...texts(content.times),
    BRAND,
  ];
}
