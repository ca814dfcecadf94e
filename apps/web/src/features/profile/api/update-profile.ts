import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** PATCH /api/me with any of name, phone, address, coordinates, language. */
export function updateProfile(input: UpdateProfileInput): Promise<ApiResponse<'/api/me', 'patch'>> {
  return api.patch<ApiResponse<'/api/me', 'patch'>>('/api/me', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
