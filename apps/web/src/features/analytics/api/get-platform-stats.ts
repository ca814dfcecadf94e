import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { statsKeys } from './query-keys';

/** GET /api/stats/platform answer: the range used, where it starts, and the figures. */
export type PlatformStatsAnswer = ApiResponse<'/api/stats/platform', 'get'>;

/** GET /api/stats/platform: the whole platform's figures for a range. */
export function getPlatformStats(range: AnalyticsRange): Promise<PlatformStatsAnswer> {
  return api.get<PlatformStatsAnswer>(`/api/stats/platform?range=${encodeURIComponent(range)}`);
}

export const platformStatsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: statsKeys.platform(range),
    queryFn: () => getPlatformStats(range),
    staleTime: 60_000,
  });

export function usePlatformStats(range: AnalyticsRange) {
  return useQuery(platformStatsQueryOptions(range));
}
