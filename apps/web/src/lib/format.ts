import { intlLocale, toUiLanguage } from './languages';

// Latin digits by default: the product shows Indian grouping (1,00,000) without switching to
// native digit systems, which readers of mixed-script screens found harder to compare. Native
// digits are an option (setNativeDigits), off by default.
const LATN = { numberingSystem: 'latn' } as const;

/** Whether the app's CLDR data (lib/locale-data) has replaced the engine's date formatting. */
function localeDataPolyfilled(): boolean {
  return Boolean((Intl.DateTimeFormat as { polyfilled?: boolean }).polyfilled);
}

/** The digits of each script, for the native-digits option (Latin-script languages have none). */
const NATIVE_DIGITS: Readonly<Record<string, string>> = {
  hi: '०१२३४५६७८९',
  mr: '०१२३४५६७८९',
  pa: '੦੧੨੩੪੫੬੭੮੯',
  bn: '০১২৩৪৫৬৭৮৯',
  te: '౦౧౨౩౪౫౬౭౮౯',
  kn: '೦೧೨೩೪೫೬೭೮೯',
  ta: '௦௧௨௩௪௫௬௭௮௯',
};

/** Where this device remembers the reader's choice of digits. */
export const NATIVE_DIGITS_STORAGE_KEY = 'annasetu.nativeDigits';

function readStoredChoice(): boolean {
  try {
    return window.localStorage.getItem(NATIVE_DIGITS_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

let nativeDigits = typeof window === 'undefined' ? false : readStoredChoice();
const digitListeners = new Set<() => void>();

/** Turns the native-digits option on or off for every formatter (off by default). */
export function setNativeDigits(on: boolean): void {
  nativeDigits = on;
  try {
    if (on) window.localStorage.setItem(NATIVE_DIGITS_STORAGE_KEY, 'on');
    else window.localStorage.removeItem(NATIVE_DIGITS_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit.
  }
  for (const listener of digitListeners) listener();
}

/** Lets screens re-render when the choice of digits changes. */
export function subscribeNativeDigits(listener: () => void): () => void {
  digitListeners.add(listener);
  return () => digitListeners.delete(listener);
}

/** Whether the language's script has digits of its own (English has none). */
export function hasNativeDigits(language: string | undefined): boolean {
  return Boolean(NATIVE_DIGITS[toUiLanguage(language)] ?? NATIVE_DIGITS[language ?? '']);
}

/** Whether numbers and dates are written in the script's own digits. */
export function usesNativeDigits(): boolean {
  return nativeDigits;
}

function digitsFor(text: string, language: string | undefined, native = nativeDigits): string {
  if (!native) return text;
  const digits = NATIVE_DIGITS[toUiLanguage(language)] ?? NATIVE_DIGITS[language ?? ''];
  if (!digits) return text;
  return text.replace(/[0-9]/g, (d) => digits[Number(d)] ?? d);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number with Indian grouping (1,00,000 and 1,00,00,000) in every language. CLDR
 * gives some Indian languages (Kannada among them) the Western #,##0 pattern, and all of them
 * write Latin digits with "," and "." like English (India), so en-IN's pattern serves all.
 * `native` (the device's choice unless given) writes the script's own digits.
 */
export function formatNumber(
  value: number,
  language: string | undefined,
  options: Intl.NumberFormatOptions = {},
  native: boolean = nativeDigits,
): string {
  const plain = !options.style || options.style === 'decimal' || options.style === 'percent';
  const locale = plain ? 'en-IN' : intlLocale(language);
  const key = `${String(localeDataPolyfilled())}|${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { ...LATN, ...options });
    numberFormats.set(key, format);
  }
  return digitsFor(format.format(value), language, native);
}

/**
 * Options that put a time of day in the language's own words ("ਦੁਪਹਿਰ 12:11", "ఉదయం 6:41")
 * instead of the Latin AM/PM most Indian locales have in CLDR. English keeps am/pm. The
 * dateStyle/timeStyle shorthands cannot be combined with dayPeriod, so they are spelled out.
 */
function withLocalDayPeriod(
  options: Intl.DateTimeFormatOptions,
  language: string | undefined,
): Intl.DateTimeFormatOptions {
  if (toUiLanguage(language) === 'en') return options;
  const hasTime = options.timeStyle !== undefined || options.hour !== undefined;
  if (!hasTime || options.hour12 === false || options.hourCycle) return options;
  const { dateStyle, timeStyle, ...rest } = options;
  const spelled: Intl.DateTimeFormatOptions = { ...rest };
  if (dateStyle) {
    spelled.day = 'numeric';
    spelled.year = 'numeric';
    spelled.month = dateStyle === 'full' || dateStyle === 'long' ? 'long' : 'short';
    if (dateStyle === 'short') spelled.month = 'numeric';
    if (dateStyle === 'full') spelled.weekday = 'long';
  }
  if (timeStyle) {
    spelled.hour = 'numeric';
    spelled.minute = '2-digit';
    if (timeStyle !== 'short') spelled.second = '2-digit';
  }
  spelled.dayPeriod = 'short';
  return spelled;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats a date (ISO string or Date) for the language's Indian locale. Where the app's own
 * CLDR data replaced the browser's, which carries no time-zone database, the local wall-clock
 * time is formatted as if in UTC, so the reader still sees their own time. `native` as for
 * formatNumber.
 */
export function formatDate(
  value: string | Date,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  native: boolean = nativeDigits,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  let effective = withLocalDayPeriod(options, language);
  let instant = date;
  if (localeDataPolyfilled() && !effective.timeZone) {
    instant = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    effective = { ...effective, timeZone: 'UTC' };
  }
  const locale = intlLocale(language);
  const key = `${String(localeDataPolyfilled())}|${locale}|${JSON.stringify(effective)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...LATN, ...effective });
    dateFormats.set(key, format);
  }
  return digitsFor(format.format(instant), language, native);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago" in the reader's language; "now" for the last few seconds. */
export function formatRelativeTime(
  iso: string | Date,
  language: string | undefined,
  now = Date.now(),
): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const locale = intlLocale(language);
  const key = `${String(localeDataPolyfilled())}|${locale}`;
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, {
      numeric: 'auto',
      ...LATN,
    } as Intl.RelativeTimeFormatOptions);
    relativeFormats.set(key, format);
  }
  let value = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return digitsFor(format.format(Math.round(value), unit), language);
    value /= size;
  }
  return '';
}
