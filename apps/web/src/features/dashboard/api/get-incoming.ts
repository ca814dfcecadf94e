import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FoodRequest } from '@annasetu/domain';
import { api } from '../../../lib/api-client';

/** GET /api/requests/incoming: deliveries addressed to me (accepted, collected, fulfilled). */
export async function getIncoming(): Promise<FoodRequest[]> {
  const { items } = await api.get<{ items: FoodRequest[] }>('/api/requests/incoming');
  return items;
}

export const incomingQueryOptions = queryOptions({
  queryKey: ['requests', 'incoming'],
  queryFn: getIncoming,
  staleTime: 15_000,
});

export function useIncoming() {
  return useQuery(incomingQueryOptions);
}
