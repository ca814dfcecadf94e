import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { requestKeys } from './query-keys';

/** GET /api/requests/incoming: deliveries addressed to me (accepted, collected, fulfilled). */
export async function getIncoming(): Promise<
  ApiResponse<'/api/requests/incoming', 'get'>['items']
> {
  const { items } =
    await api.get<ApiResponse<'/api/requests/incoming', 'get'>>('/api/requests/incoming');
  return items;
}

/**
 * The one fetcher and key of the incoming deliveries: the dashboard and the requests screen read
 * the same cache entry, so it must have one shape.
 */
export const incomingQueryOptions = queryOptions({
  queryKey: requestKeys.incoming(),
  queryFn: getIncoming,
  staleTime: 15_000,
});

export function useIncoming(enabled = true) {
  return useQuery({ ...incomingQueryOptions, enabled });
}
