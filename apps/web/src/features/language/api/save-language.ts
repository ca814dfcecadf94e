import type { UiLanguage, UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';

/** Remembers the language on the account (used for emails); failures stay silent. */
export async function saveLanguage(language: UiLanguage): Promise<UserProfile | null> {
  try {
    const { user } = await api.patch<{ user: UserProfile }>('/api/me', { language });
    return user;
  } catch {
    return null;
  }
}
