import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@annasetu/domain';
import { ApiError, api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';

function fileNameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? `annasetu-my-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * GET /api/me/export, saved as the JSON file the server names. Fetched rather than linked so a
 * failure can be told to the user instead of downloading an error page.
 */
export async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/me/export', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, 'INTERNAL_ERROR', response.statusText);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE /api/me with the password: personal data anonymised, the session ends. */
export function deleteAccount(input: DeleteAccountInput) {
  return api.delete<void>('/api/me', { body: input });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteAccount });
  // Like signing out: the guard then leaves for the landing page.
  const forgetSession = () => {
    noteSignedOut(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
  };
  return { ...mutation, forgetSession };
}
