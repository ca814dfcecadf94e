import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@annasetu/domain';
import { CSRF_COOKIE, api, isApiError, readCookie } from './api-client';
import type { ApiResponse } from './api/types';
import { dropPendingSignOut } from './pending-sign-out';
import { sessionKeys } from './query-keys';

/** Cache key of the signed-in user; sign-in, sign-up, sign-out and profile edits write it. */
export const SESSION_QUERY_KEY = sessionKeys.all;

/** Where the last user the server confirmed is kept, so a reload offline keeps the app open. */
export const SESSION_STORAGE_KEY = 'annasetu.session';

/** Statuses that mean "the server could not be reached", not "you are signed out". */
const UNREACHABLE = new Set([0, 502, 503, 504]);

// True while the user shown came from storage rather than from the server.
let fromStorage = false;

function readStoredUser(): UserProfile | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as UserProfile) : null;
  } catch {
    return null;
  }
}

function storeUser(user: UserProfile | null) {
  try {
    if (user) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage full or blocked (private mode): the app works online without it.
  }
}

/**
 * The signed-in user, or null when the server says there is none (401). When the server cannot
 * be reached (offline, gateway down) the last confirmed user is used, so a reload keeps the
 * signed-in pages; a 401 never falls back, and reconnecting asks the server again.
 * Without the readable CSRF cookie, which the server sets and clears together with the session
 * cookie, there is no session to ask about: a signed-out visitor's pages send no request that
 * could only fail (decision 0019b).
 */
export async function getSession(): Promise<UserProfile | null> {
  if (!readCookie(CSRF_COOKIE)) {
    fromStorage = false;
    storeUser(null);
    return null;
  }
  try {
    const { user } = await api.get<ApiResponse<'/api/me', 'get'>>('/api/me');
    fromStorage = false;
    storeUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      fromStorage = false;
      storeUser(null);
      return null;
    }
    if (isApiError(error) && UNREACHABLE.has(error.status)) {
      const stored = readStoredUser();
      if (stored) {
        fromStorage = true;
        return stored;
      }
    }
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  staleTime: 5 * 60_000,
  // Runs offline too: the network error is what lets the stored user stand in.
  networkMode: 'always',
});

/** The session as the guard, the layout and the landing page see it. */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions);
  const data = query.data;

  // Sign-in, profile edits and sign-out write the cache; storage follows it, so signing out
  // leaves nothing behind for the next person on this device.
  useEffect(() => {
    if (data === null) storeUser(null);
    else if (data && !fromStorage) storeUser(data);
  }, [data]);

  // Back online after using the stored user: ask the server. (The query library's own
  // reconnect refetch misses a page that was loaded offline: it starts out assuming online.)
  // Every component using the session listens; they share one request.
  useEffect(() => {
    const revalidate = () => {
      if (!fromStorage) return;
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }, { cancelRefetch: false });
    };
    window.addEventListener('online', revalidate);
    return () => window.removeEventListener('online', revalidate);
  }, [queryClient]);

  return { user: data ?? null, isPending: query.isPending, error: query.error };
}

let signedOut = false;

/**
 * Marks that the user signed out on purpose: the guard then sends them to the landing page
 * rather than to the sign-in form. Cleared by the next sign-in.
 */
export function noteSignedOut(value: boolean) {
  signedOut = value;
  // A sign-in ends the session a sign-out made with no signal was still to end.
  if (!value) dropPendingSignOut();
}

export function wasSignedOut(): boolean {
  return signedOut;
}
