import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIST_LIMITS } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { donationKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /api/donations/mine: the donor's donations, newest first, one page at a time. */
export function getMyDonations(
  cursor: string | null,
): Promise<ApiResponse<'/api/donations/mine', 'get'>> {
  const params = new URLSearchParams({
    limit: String(Math.min(PAGE_SIZE, LIST_LIMITS.pendingDonationsScreen)),
  });
  if (cursor) params.set('cursor', cursor);
  return api.get<ApiResponse<'/api/donations/mine', 'get'>>(
    `/api/donations/mine?${params.toString()}`,
  );
}

export const myDonationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: donationKeys.mine(),
    queryFn: ({ pageParam }) => getMyDonations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyDonations() {
  return useInfiniteQuery(myDonationsQueryOptions());
}
