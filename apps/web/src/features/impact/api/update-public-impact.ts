import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { publicImpactKeys } from './query-keys';

/** The profile fields of the organisation card, as `GET /api/me` returns them. */
export interface PublicImpactSetting {
  publicImpact?: boolean;
  publicSlug?: string | null;
}

/** PATCH /api/me { publicImpact }: publish the account's impact card, or take it down. */
export function updatePublicImpact(
  publicImpact: boolean,
): Promise<ApiResponse<'/api/me', 'patch'>> {
  return api.patch<ApiResponse<'/api/me', 'patch'>>('/api/me', { publicImpact });
}

export function useUpdatePublicImpact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicImpact,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      // A card just taken down must not be shown from the cache.
      void queryClient.invalidateQueries({ queryKey: publicImpactKeys.all });
    },
  });
}
