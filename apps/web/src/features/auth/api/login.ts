import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';

/** POST /api/auth/login: the server sets the session cookie (persistent with rememberMe). */
export function login(input: LoginInput): Promise<{ user: UserProfile }> {
  return api.post<{ user: UserProfile }>('/api/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      noteSignedOut(false);
      // Another account may have used this tab: nothing cached for it may leak through.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
  });
}
