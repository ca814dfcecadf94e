import { FALLBACK_LANGUAGE, INTL_LOCALE, UI_LANGUAGES, type UiLanguage } from '@annasetu/domain';

/** Each UI language named in its own script, so a reader finds their language without English. */
export const LANGUAGE_NATIVE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  hi: 'हिन्दी',
  pa: 'ਪੰਜਾਬੀ',
  bn: 'বাংলা',
  te: 'తెలుగు',
  kn: 'ಕನ್ನಡ',
  ta: 'தமிழ்',
  mr: 'मराठी',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** Maps a detected tag such as "hi-IN" to one of our languages, falling back to English. */
export function toUiLanguage(tag: string | undefined | null): UiLanguage {
  if (!tag) return FALLBACK_LANGUAGE;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isUiLanguage(base) ? base : FALLBACK_LANGUAGE;
}

/** The Indian Intl locale for a language tag (lakh/crore grouping). */
export function intlLocale(tag: string | undefined | null): string {
  return INTL_LOCALE[toUiLanguage(tag)];
}
