import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** PATCH /api/me { emailNotifications }: the user's own email channel, on or off. */
export function updateEmailSetting(emailNotifications: boolean): Promise<{ user: UserProfile }> {
  return api.patch<{ user: UserProfile }>('/api/me', { emailNotifications });
}

export function useUpdateEmailSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSetting,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
