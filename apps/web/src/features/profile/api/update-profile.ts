import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput, UserProfile } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** PATCH /api/me with any of name, phone, address, coordinates, language. */
export function updateProfile(input: UpdateProfileInput): Promise<{ user: UserProfile }> {
  return api.patch<{ user: UserProfile }>('/api/me', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
