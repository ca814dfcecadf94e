import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIST_LIMITS, type DonationSort } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { donationKeys } from './query-keys';

export interface AvailableFilter {
  radiusKm: number;
  sort: DonationSort;
}

/**
 * GET /api/donations/available around the user's own point: volunteers get donations to carry,
 * receivers and individuals donations to request. Pages of 100 (the screens' limit).
 */
export function getAvailableDonations(
  filter: AvailableFilter,
  cursor: string | null,
): Promise<ApiResponse<'/api/donations/available', 'get'>> {
  const params = new URLSearchParams({
    radiusKm: String(filter.radiusKm),
    sort: filter.sort,
    limit: String(LIST_LIMITS.pendingDonationsScreen),
  });
  if (cursor) params.set('cursor', cursor);
  return api.get<ApiResponse<'/api/donations/available', 'get'>>(
    `/api/donations/available?${params.toString()}`,
  );
}

export const availableDonationsQueryOptions = (filter: AvailableFilter) =>
  infiniteQueryOptions({
    queryKey: donationKeys.available(filter),
    queryFn: ({ pageParam }) => getAvailableDonations(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAvailableDonations(filter: AvailableFilter, enabled = true) {
  return useInfiniteQuery({ ...availableDonationsQueryOptions(filter), enabled });
}
