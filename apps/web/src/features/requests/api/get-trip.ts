import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { requestKeys } from './query-keys';

/** GET /api/requests/trip: the live jobs I carry, with their pickup and drop-off points. */
export async function getTrip(): Promise<ApiResponse<'/api/requests/trip', 'get'>['items']> {
  const { items } = await api.get<ApiResponse<'/api/requests/trip', 'get'>>('/api/requests/trip');
  return items;
}

export const tripQueryOptions = queryOptions({
  queryKey: requestKeys.trip(),
  queryFn: getTrip,
  staleTime: 15_000,
});

/** The trip's jobs; `enabled` only for those who carry food (volunteers, donors). */
export function useTrip(enabled = true) {
  return useQuery({ ...tripQueryOptions, enabled });
}
