import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { FoodRequest, FoodRequestPage, RequestFilter } from '@annasetu/domain';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 20;

/** Cache keys of the requests screen; every workflow move invalidates `all`. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (filter: RequestFilter) => ['requests', 'list', filter] as const,
  incoming: () => ['requests', 'incoming'] as const,
};

/** GET /api/requests?filter=: requests I take part in, newest first. */
export function getRequests(
  filter: RequestFilter,
  cursor: string | null,
): Promise<FoodRequestPage> {
  const params = new URLSearchParams({ filter, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<FoodRequestPage>(`/api/requests?${params.toString()}`);
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

/** GET /api/requests/incoming: deliveries addressed to me (accepted, collected, fulfilled). */
export function getIncoming(): Promise<{ items: FoodRequest[] }> {
  return api.get<{ items: FoodRequest[] }>('/api/requests/incoming');
}

export function useIncoming(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: requestKeys.incoming(), queryFn: getIncoming, enabled }),
  );
}
