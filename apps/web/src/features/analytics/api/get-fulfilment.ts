import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMITS } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { receiverFulfilment } from '../lib/figures';
import { statsKeys } from './query-keys';

/**
 * The receivers' 30-day fulfilment: the requests they made or that were addressed to them in the
 * window, and how many of those arrived. Read from the requests they take part in.
 */
export async function getFulfilment(userId: string) {
  const page = await api.get<ApiResponse<'/api/requests', 'get'>>(
    `/api/requests?filter=all&limit=${LIST_LIMITS.pendingDonationsScreen}`,
  );
  return receiverFulfilment(page.items, userId, Date.now());
}

export const fulfilmentQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: statsKeys.fulfilment(userId),
    queryFn: () => getFulfilment(userId),
    staleTime: 30_000,
  });

export function useFulfilment(userId: string, enabled: boolean) {
  return useQuery({ ...fulfilmentQueryOptions(userId), enabled });
}
