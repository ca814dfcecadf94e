import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';
import { clearOfflineData } from '../../../offline/lib/queue';

/** POST /api/auth/logout: the server clears the session and CSRF cookies. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

/** Signing out: the call, then `forgetSession`, after which the guard leaves for `/`. */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: logout });
  const forgetSession = () => {
    noteSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    // The next person on this phone sees nothing of this one: no saved lists, no queue.
    void clearOfflineData().catch(() => undefined);
  };
  return { ...mutation, forgetSession };
}
