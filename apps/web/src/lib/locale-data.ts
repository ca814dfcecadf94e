import type { ChatLanguage } from '@annasetu/domain';
import { intlLocale, toUiLanguage } from './languages';

// Dates, times and relative times come from CLDR data the app carries (FormatJS) whenever the
// browser's own data for a language is missing or partial: Chromium, for one, has no Punjabi
// date patterns ("2026 M11 24") nor Punjabi relative times ("-12 s"). The polyfills and one
// language's data load on demand, so a browser with complete data downloads nothing.
// Keyed by every language the product speaks (the UI languages are a subset).

type Loader = () => Promise<unknown>;

const DATE_TIME_DATA: Record<ChatLanguage, Loader> = {
  en: () => import('@formatjs/intl-datetimeformat/locale-data/en-IN.js'),
  hi: () => import('@formatjs/intl-datetimeformat/locale-data/hi.js'),
  pa: () => import('@formatjs/intl-datetimeformat/locale-data/pa.js'),
  bn: () => import('@formatjs/intl-datetimeformat/locale-data/bn-IN.js'),
  te: () => import('@formatjs/intl-datetimeformat/locale-data/te.js'),
  kn: () => import('@formatjs/intl-datetimeformat/locale-data/kn.js'),
  ta: () => import('@formatjs/intl-datetimeformat/locale-data/ta.js'),
  mr: () => import('@formatjs/intl-datetimeformat/locale-data/mr.js'),
};

const RELATIVE_TIME_DATA: Record<ChatLanguage, Loader> = {
  en: () => import('@formatjs/intl-relativetimeformat/locale-data/en-IN.js'),
  hi: () => import('@formatjs/intl-relativetimeformat/locale-data/hi.js'),
  pa: () => import('@formatjs/intl-relativetimeformat/locale-data/pa.js'),
  bn: () => import('@formatjs/intl-relativetimeformat/locale-data/bn-IN.js'),
  te: () => import('@formatjs/intl-relativetimeformat/locale-data/te.js'),
  kn: () => import('@formatjs/intl-relativetimeformat/locale-data/kn.js'),
  ta: () => import('@formatjs/intl-relativetimeformat/locale-data/ta.js'),
  mr: () => import('@formatjs/intl-relativetimeformat/locale-data/mr.js'),
};

/** Languages written in Latin script: their dates legitimately contain Latin letters. */
const LATIN_SCRIPT: ReadonlySet<string> = new Set(['en']);

/** The languages whose CLDR data the app carries (every language the product speaks). */
export const LOCALE_DATA_LANGUAGES = Object.keys(DATE_TIME_DATA) as ChatLanguage[];

/** Whether the polyfills have replaced the browser's DateTimeFormat and RelativeTimeFormat. */
export function localeDataPolyfilled(): boolean {
  return Boolean((Intl.DateTimeFormat as unknown as { polyfilled?: boolean }).polyfilled);
}

/**
 * True when the engine's own data cannot write this language's dates: the locale is not
 * supported, or a month name, a time of day or a relative time comes out in Latin letters or
 * as a bare signed number (the root locale's fallback patterns).
 */
export function nativeLocaleDataMissing(language: string): boolean {
  const locale = intlLocale(language);
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf(locale).length === 0) return true;
    if (Intl.RelativeTimeFormat.supportedLocalesOf(locale).length === 0) return true;
    const sample = new Date(Date.UTC(2026, 10, 24, 9, 0));
    const texts = [
      new Intl.DateTimeFormat(locale, { month: 'long' }).format(sample),
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(sample),
      new Intl.DateTimeFormat(locale, {
        hour: 'numeric',
        minute: '2-digit',
        dayPeriod: 'short',
      }).format(sample),
      new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-12, 'second'),
    ];
    if (texts.some((text) => /\bM\d/.test(text) || text.startsWith('-'))) return true;
    const base = toUiLanguage(language);
    return !LATIN_SCRIPT.has(base) && texts.some((text) => /[A-Za-z]/.test(text));
  } catch {
    return true;
  }
}

let polyfills: Promise<void> | undefined;
const loaded = new Map<string, Promise<void>>();

function loadPolyfills(): Promise<void> {
  polyfills ??= Promise.all([
    import('@formatjs/intl-datetimeformat/polyfill-force.js'),
    import('@formatjs/intl-relativetimeformat/polyfill-force.js'),
  ]).then(() => undefined);
  return polyfills;
}

function dataKey(language: string): ChatLanguage {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return base in DATE_TIME_DATA ? (base as ChatLanguage) : 'en';
}

/**
 * Makes dates and relative times correct for a language before its screens render: nothing to
 * do where the engine's data is complete; otherwise the polyfills (once) and this language's
 * CLDR data. Once polyfilled, every later language loads its data too.
 */
export function ensureLocaleData(language: string): Promise<void> {
  const key = dataKey(language);
  if (!localeDataPolyfilled() && !polyfills && !nativeLocaleDataMissing(key)) {
    return Promise.resolve();
  }
  return installLocaleData(key);
}

/** Installs the polyfills (once) and one language's CLDR data, whatever the engine has. */
export function installLocaleData(language: string): Promise<void> {
  const key = dataKey(language);
  let pending = loaded.get(key);
  if (!pending) {
    pending = loadPolyfills()
      .then(() => Promise.all([DATE_TIME_DATA[key](), RELATIVE_TIME_DATA[key]()]))
      .then(() => undefined);
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}
