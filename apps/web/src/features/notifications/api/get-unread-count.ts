import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/notifications/unread-count. Any failure reads as 0: a badge never shows an error. */
export async function getUnreadCount(): Promise<number> {
  try {
    const { count } = await api.get<{ count: number }>('/api/notifications/unread-count');
    return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: ['notifications', 'unread-count'],
  queryFn: getUnreadCount,
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: false,
});

export function useUnreadCount(enabled = true): number {
  const { data } = useQuery({ ...unreadCountQueryOptions, enabled });
  return data ?? 0;
}
