import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestFilter } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { requestKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /api/requests?filter=: requests I take part in, newest first. */
export function getRequests(
  filter: RequestFilter,
  cursor: string | null,
): Promise<ApiResponse<'/api/requests', 'get'>> {
  const params = new URLSearchParams({ filter, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<ApiResponse<'/api/requests', 'get'>>(`/api/requests?${params.toString()}`);
}

export const requestsQueryOptions = (filter: RequestFilter) =>
  infiniteQueryOptions({
    queryKey: requestKeys.list(filter),
    queryFn: ({ pageParam }) => getRequests(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useRequests(filter: RequestFilter) {
  return useInfiniteQuery(requestsQueryOptions(filter));
}
