import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginInput, UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { isUiLanguage } from '../../../lib/languages';
import { saveLanguage, takeLanguageChosenSignedOut } from '../../../lib/save-language';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';

/** POST /api/auth/login: the server sets the session cookie (persistent with rememberMe). */
export function login(input: LoginInput): Promise<ApiResponse<'/api/auth/login', 'post'>> {
  return api.post<ApiResponse<'/api/auth/login', 'post'>>('/api/auth/login', input);
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: login, onSuccess: ({ user }) => signedIn(user) });
}

/** What every way of signing in does once the server has started the session. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return async (signedIn: UserProfile) => {
    let user = signedIn;
    const current = i18n.resolvedLanguage ?? i18n.language;
    const chosen = takeLanguageChosenSignedOut();
    if (chosen === current && isUiLanguage(chosen) && chosen !== user.language) {
      // Picked on the sign-in page just now: the person's choice wins, and the account learns
      // it (a Telugu reader on a borrowed phone is not switched back to the owner's Hindi).
      user = (await saveLanguage(chosen)) ?? user;
    } else if (isUiLanguage(user.language) && user.language !== current) {
      // The language saved on the account follows the person to this device: it becomes the
      // device's choice too (changeLanguage stores it), before the signed-in pages render.
      await i18n.changeLanguage(user.language);
    }
    noteSignedOut(false);
    // Another account may have used this tab: nothing cached for it may leak through.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
  };
}
