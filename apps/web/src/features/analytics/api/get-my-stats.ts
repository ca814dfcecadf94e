import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { statsKeys } from './query-keys';

/** GET /api/stats/me answer: the range used, where it starts, and the figures. */
export type MyStatsAnswer = ApiResponse<'/api/stats/me', 'get'>;

export function getMyStats(range?: AnalyticsRange): Promise<MyStatsAnswer> {
  const query = range ? `?range=${encodeURIComponent(range)}` : '';
  return api.get<MyStatsAnswer>(`/api/stats/me${query}`);
}

export const myStatsQueryOptions = (range?: AnalyticsRange) =>
  queryOptions({
    queryKey: statsKeys.me(range ?? 'default'),
    queryFn: () => getMyStats(range),
    staleTime: 30_000,
  });

export function useMyStats(range?: AnalyticsRange) {
  return useQuery(myStatsQueryOptions(range));
}
