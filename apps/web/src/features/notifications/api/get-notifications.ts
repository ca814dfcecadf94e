import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { LIST_LIMITS, type NotificationType } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { notificationKeys } from './query-keys';

export type NotificationFilter = NotificationType | 'all';

interface ListParams {
  type?: NotificationFilter;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

/** GET /api/notifications: my notifications, newest first, one page (50 by default). */
export function getNotifications({ type, cursor, limit, signal }: ListParams = {}) {
  const query = new URLSearchParams();
  if (type && type !== 'all') query.set('type', type);
  if (cursor) query.set('cursor', cursor);
  if (limit) query.set('limit', String(limit));
  const search = query.toString();
  return api.get<ApiResponse<'/api/notifications', 'get'>>(
    `/api/notifications${search ? `?${search}` : ''}`,
    { signal },
  );
}

/** The notification centre's pages: 50 at a time, following the server's cursor. */
export function notificationsInfiniteOptions(type: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(type),
    queryFn: ({ pageParam, signal }) => getNotifications({ type, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useNotifications(type: NotificationFilter) {
  return useInfiniteQuery(notificationsInfiniteOptions(type));
}

/** The few newest notifications, for the dashboard (3 by default). */
export function latestNotificationsOptions(limit: number = LIST_LIMITS.dashboardNotifications) {
  return queryOptions({
    queryKey: notificationKeys.latest(limit),
    queryFn: async ({ signal }) => (await getNotifications({ limit, signal })).items,
  });
}

export function useLatestNotifications(limit?: number) {
  return useQuery(latestNotificationsOptions(limit));
}
