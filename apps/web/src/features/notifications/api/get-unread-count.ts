import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { notificationKeys } from './query-keys';

/** GET /api/notifications/unread-count. Any failure reads as 0: a badge never shows an error. */
export async function getUnreadCount(): Promise<number> {
  try {
    const { unread } = await api.get<ApiResponse<'/api/notifications/unread-count', 'get'>>(
      '/api/notifications/unread-count',
    );
    return Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: getUnreadCount,
  staleTime: 30_000,
  // Live updates refresh the count at once; the poll only covers a stream that is down.
  refetchInterval: 60_000,
  retry: false,
});

export function useUnreadCount(enabled = true): number {
  const { data } = useQuery({ ...unreadCountQueryOptions, enabled });
  return data ?? 0;
}
