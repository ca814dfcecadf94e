/** Languages of the user interface; en is the fallback. */
export const UI_LANGUAGES = ['en', 'hi', 'pa', 'bn', 'te', 'kn', 'ta', 'mr'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/** Languages the chat assistant answers in (the same eight as the interface). */
export const CHAT_LANGUAGES = ['en', 'hi', 'te', 'ta', 'kn', 'mr', 'bn', 'pa'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

/** The Indian locale used by Intl for each UI language (lakh/crore grouping, local digits off). */
export const INTL_LOCALE: Record<UiLanguage, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  pa: 'pa-IN',
  bn: 'bn-IN',
  te: 'te-IN',
  kn: 'kn-IN',
  ta: 'ta-IN',
  mr: 'mr-IN',
};

/**
 * Cookie mirroring the language saved on this device (local storage), so the server can send
 * the pages it renders ahead of time in that language before any script runs.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The script of each language's own font (Noto Sans <script>); English needs only the Latin
 * font every page loads.
 */
export const FONT_SCRIPT_OF: Record<UiLanguage, string | null> = {
  en: null,
  hi: 'devanagari',
  mr: 'devanagari',
  pa: 'gurmukhi',
  bn: 'bengali',
  te: 'telugu',
  kn: 'kannada',
  ta: 'tamil',
};

/**
 * The first candidate tag ("hi-IN", "ta") that names one of our languages, else English. The
 * browser walks local storage, then its languages, then <html lang>; the server walks the
 * cookie, then Accept-Language: both through this one rule, so they agree.
 */
export function pickUiLanguage(candidates: readonly (string | null | undefined)[]): UiLanguage {
  for (const candidate of candidates) {
    const base = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (base && (UI_LANGUAGES as readonly string[]).includes(base)) return base as UiLanguage;
  }
  return FALLBACK_LANGUAGE;
}

/** Language tags of an Accept-Language header, most preferred first (q=0 left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((item) => item.tag && item.tag !== '*' && item.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((item) => item.tag);
}
