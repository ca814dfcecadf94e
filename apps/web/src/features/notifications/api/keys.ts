import type { NotificationType } from '@annasetu/domain';

/** Every notifications query starts with this key: one invalidation refreshes list, count, latest. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationKeys = {
  all: NOTIFICATIONS_KEY,
  list: (type: NotificationType | 'all') => [...NOTIFICATIONS_KEY, 'list', type] as const,
  latest: (limit: number) => [...NOTIFICATIONS_KEY, 'latest', limit] as const,
};
