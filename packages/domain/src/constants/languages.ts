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
