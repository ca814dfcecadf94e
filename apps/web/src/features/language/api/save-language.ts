import type { UiLanguage, UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';

/** Remembers the language on the account (used for emails); failures stay silent. */
export async function saveLanguage(language: UiLanguage): Promise<UserProfile | null> {
  try {
    const { user } = await api.patch<ApiResponse<'/api/me', 'patch'>>('/api/me', { language });
    return user;
  } catch {
    return null;
  }
}
