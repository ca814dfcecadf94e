import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { donationKeys } from '../../donations/api/query-keys';

export const availabilityKeys = { all: ['availability'] as const };

/** GET /api/availability: the volunteer's days, hours, area and cap (null until set). */
export function getAvailability(): Promise<ApiResponse<'/api/availability', 'get'>> {
  return api.get('/api/availability');
}

export const availabilityQueryOptions = () =>
  queryOptions({ queryKey: availabilityKeys.all, queryFn: getAvailability });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** PUT /api/availability. The feed follows the new area, so donation lists refresh too. */
export function saveAvailability(
  input: AvailabilityInput,
): Promise<ApiResponse<'/api/availability', 'put'>> {
  return api.put('/api/availability', input);
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      void queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
  });
}
