import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';

export const preferenceKeys = { all: ['notification-preferences'] as const };

/** GET /api/notifications/preferences: channels turned off per type, quiet hours, time zone. */
export function getPreferences(): Promise<ApiResponse<'/api/notifications/preferences', 'get'>> {
  return api.get('/api/notifications/preferences');
}

export function usePreferences() {
  return useQuery(queryOptions({ queryKey: preferenceKeys.all, queryFn: getPreferences }));
}

/** PUT /api/notifications/preferences: replaces them. */
export function savePreferences(
  input: NotificationPreferencesInput,
): Promise<ApiResponse<'/api/notifications/preferences', 'put'>> {
  return api.put('/api/notifications/preferences', input);
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (data) => queryClient.setQueryData(preferenceKeys.all, data),
  });
}
