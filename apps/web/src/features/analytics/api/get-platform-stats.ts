import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, PlatformStats } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { statsKeys } from './query-keys';

export interface PlatformStatsAnswer {
  range: AnalyticsRange;
  since: string;
  stats: PlatformStats;
}

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
