import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { statsKeys } from './query-keys';

export type TrendScope = 'me' | 'platform';

/** GET /api/stats/trends answer: donations per period and the top cuisines. */
export type TrendsAnswer = ApiResponse<'/api/stats/trends', 'get'>;
export type Granularity = TrendsAnswer['granularity'];
/** Donations that started in one period, and what the completed ones weigh. */
export type TrendBucket = TrendsAnswer['buckets'][number];

/** GET /api/stats/trends: donations per day, week or month, and the top cuisines. */
export function getTrends(range: AnalyticsRange, scope: TrendScope): Promise<TrendsAnswer> {
  const params = new URLSearchParams({ range, scope });
  return api.get<TrendsAnswer>(`/api/stats/trends?${params.toString()}`);
}

export const trendsQueryOptions = (range: AnalyticsRange, scope: TrendScope) =>
  queryOptions({
    queryKey: statsKeys.trends(scope, range),
    queryFn: () => getTrends(range, scope),
    staleTime: 60_000,
  });

export function useTrends(range: AnalyticsRange, scope: TrendScope) {
  return useQuery(trendsQueryOptions(range, scope));
}
