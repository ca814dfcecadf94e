import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { statsKeys } from './query-keys';

/** One line of recent activity: a donation of mine or a request I take part in. */
export type ActivityItem = ApiResponse<'/api/stats/activity', 'get'>['items'][number];

/** GET /api/stats/activity: newest donations and requests merged (5 dashboard, 10 analytics). */
export async function getActivity(limit: number): Promise<ActivityItem[]> {
  const { items } = await api.get<ApiResponse<'/api/stats/activity', 'get'>>(
    `/api/stats/activity?limit=${limit}`,
  );
  return items;
}

export const activityQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: statsKeys.activity(limit),
    queryFn: () => getActivity(limit),
    staleTime: 30_000,
  });

export function useActivity(limit: number) {
  return useQuery(activityQueryOptions(limit));
}
