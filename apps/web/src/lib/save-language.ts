import type { UiLanguage, UserProfile } from '@annasetu/domain';
import { api } from './api-client';
import type { ApiResponse } from './api/types';

/** Remembers the language on the account (used for emails); failures stay silent. */
export async function saveLanguage(language: UiLanguage): Promise<UserProfile | null> {
  try {
    const { user } = await api.patch<ApiResponse<'/api/me', 'patch'>>('/api/me', { language });
    return user;
  } catch {
    return null;
  }
}

// Per tab: a choice made on this visit's sign-in page, not one left from an earlier visit.
const CHOSEN_KEY = 'annasetu.languageChosenSignedOut';

/** Notes a language the person picked while signed out (on the sign-in or sign-up page). */
export function noteLanguageChosenSignedOut(language: UiLanguage): void {
  try {
    window.sessionStorage.setItem(CHOSEN_KEY, language);
  } catch {
    // No session storage (some private modes): the account's language applies on sign-in.
  }
}

/** The language picked while signed out on this visit, once (it is forgotten as it is read). */
export function takeLanguageChosenSignedOut(): string | null {
  try {
    const chosen = window.sessionStorage.getItem(CHOSEN_KEY);
    window.sessionStorage.removeItem(CHOSEN_KEY);
    return chosen;
  } catch {
    return null;
  }
}
