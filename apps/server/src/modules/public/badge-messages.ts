import { UI_LANGUAGES, type UiLanguage } from '@annasetu/domain';
import { messageGroup } from '../../messages/index.js';

/** The words of an organisation's impact badge. */
export interface BadgeWords {
  /** The platform's name in the language's script. */
  brand: string;
  meals: string;
  co2: string;
  completed: string;
  received: string;
  memberSince: string;
}

// The badge is an image shared outside the app, so the server writes it in the language asked
// for, with the words the web catalogues use for the same figures (analytics and admin screens):
// `badge` in src/messages/locales/<lang>.json.
export const BADGE_WORDS: Record<UiLanguage, BadgeWords> = Object.fromEntries(
  UI_LANGUAGES.map((language) => [language, messageGroup<BadgeWords>(language, 'badge')]),
) as Record<UiLanguage, BadgeWords>;
