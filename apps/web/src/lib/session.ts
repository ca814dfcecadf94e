import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@annasetu/domain';
import { api, isApiError } from './api-client';

/** Cache key of the signed-in user; sign-in, sign-up, sign-out and profile edits write it. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user, or null when the server says there is none (401). */
export async function getSession(): Promise<UserProfile | null> {
  try {
    const { user } = await api.get<{ user: UserProfile }>('/api/me');
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  staleTime: 5 * 60_000,
});

/** The session as the guard, the layout and the landing page see it. */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data ?? null, isPending: query.isPending, error: query.error };
}

let signedOut = false;

/**
 * Marks that the user signed out on purpose: the guard then sends them to the landing page
 * rather than to the sign-in form. Cleared by the next sign-in.
 */
export function noteSignedOut(value: boolean) {
  signedOut = value;
}

export function wasSignedOut(): boolean {
  return signedOut;
}
