import type { ChatLanguage } from '@annasetu/domain';

// Unicode blocks of the scripts the assistant reads, and the language each one means.
const SCRIPTS: Array<[RegExp, ChatLanguage | 'devanagari']> = [
  [/[\u0900-\u097F]/u, 'devanagari'],
  [/[\u0980-\u09FF]/u, 'bn'],
  [/[\u0A00-\u0A7F]/u, 'pa'],
  [/[\u0B80-\u0BFF]/u, 'ta'],
  [/[\u0C00-\u0C7F]/u, 'te'],
  [/[\u0C80-\u0CFF]/u, 'kn'],
];

/**
 * The BCP 47 tag for what a person typed, so screen readers and fonts treat it right: the script
 * decides (Devanagari is Marathi only when Marathi is chosen); Latin letters in an Indic chat
 * are romanised ("hi-Latn"); anything else keeps the chat language.
 */
export function languageOfText(text: string, chatLanguage: ChatLanguage): string {
  for (const [pattern, language] of SCRIPTS) {
    if (!pattern.test(text)) continue;
    if (language === 'devanagari') return chatLanguage === 'mr' ? 'mr' : 'hi';
    return language;
  }
  if (/\p{Script=Latin}/u.test(text) && chatLanguage !== 'en') return `${chatLanguage}-Latn`;
  return chatLanguage;
}
