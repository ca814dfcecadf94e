import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { signOutOnThisDevice } from '../../../lib/pending-sign-out';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';
import { clearOfflineData } from '../../../offline/lib/queue';

/** POST /api/auth/logout: the server clears the session and CSRF cookies. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

/** Statuses that mean the server was not reached (no signal, a gateway down). */
const UNREACHED = new Set([0, 502, 503, 504]);

/**
 * Signs out, with or without signal: where the server cannot be reached, this phone signs out on
 * its own side and the server hears of it on reconnection (lib/pending-sign-out.ts). A person
 * handing a shared phone on is never left signed in because the signal was gone.
 */
async function logoutEvenOffline(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    if (!isApiError(error) || !UNREACHED.has(error.status)) throw error;
    signOutOnThisDevice();
  }
}

/** Signing out: the call, then `forgetSession`, after which the guard leaves for `/`. */
export function useLogout() {
  const queryClient = useQueryClient();
  // Runs with no signal too: the sign-out must not wait for one.
  const mutation = useMutation({ mutationFn: logoutEvenOffline, networkMode: 'always' });
  const forgetSession = () => {
    noteSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    // The next person on this phone sees nothing of this one: no saved lists, no queue.
    void clearOfflineData().catch(() => undefined);
  };
  return { ...mutation, forgetSession };
}
