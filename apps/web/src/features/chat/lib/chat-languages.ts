import { CHAT_LANGUAGES, FALLBACK_LANGUAGE, type ChatLanguage } from '@annasetu/domain';

/** Each chat language named in its own script, so a reader finds theirs without English. */
export const CHAT_LANGUAGE_NAMES: Record<ChatLanguage, string> = {
  en: 'English',
  hi: 'हिन्दी',
  te: 'తెలుగు',
  ta: 'தமிழ்',
  kn: 'ಕನ್ನಡ',
  mr: 'मराठी',
  bn: 'বাংলা',
  pa: 'ਪੰਜਾਬੀ',
};

export function isChatLanguage(value: unknown): value is ChatLanguage {
  return typeof value === 'string' && (CHAT_LANGUAGES as readonly string[]).includes(value);
}

/** The chat language for a UI language tag ("te-IN" -> te); English when it is not one of ours. */
export function chatLanguageFor(tag: string | undefined | null): ChatLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isChatLanguage(base) ? base : FALLBACK_LANGUAGE;
}
