import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** PATCH /api/me { emailNotifications }: the user's own email channel, on or off. */
export function updateEmailSetting(
  emailNotifications: boolean,
): Promise<ApiResponse<'/api/me', 'patch'>> {
  return api.patch<ApiResponse<'/api/me', 'patch'>>('/api/me', { emailNotifications });
}

export function useUpdateEmailSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSetting,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
