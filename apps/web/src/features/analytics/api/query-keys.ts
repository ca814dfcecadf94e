import type { AnalyticsRange } from '@annasetu/domain';

/**
 * Cache keys of the statistics, the only place they are written. Everything starts with
 * `stats`, so a live update or a workflow move refreshes every figure at once.
 */
export const statsKeys = {
  all: ['stats'] as const,
  me: (range: AnalyticsRange | 'default') => [...statsKeys.all, 'me', range] as const,
  platform: (range: AnalyticsRange) => [...statsKeys.all, 'platform', range] as const,
  trends: (scope: 'me' | 'platform', range: AnalyticsRange) =>
    [...statsKeys.all, 'trends', scope, range] as const,
  fulfilment: (userId: string) => [...statsKeys.all, 'fulfilment', userId] as const,
  activity: (limit: number) => [...statsKeys.all, 'activity', limit] as const,
};
