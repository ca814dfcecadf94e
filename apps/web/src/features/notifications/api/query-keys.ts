import type { NotificationType } from '@annasetu/domain';

/** Every notifications query starts with this key: one invalidation refreshes list, count, latest. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Cache keys of the notifications feature, the only place they are written. */
export const notificationKeys = {
  all: NOTIFICATIONS_KEY,
  list: (type: NotificationType | 'all') => [...NOTIFICATIONS_KEY, 'list', type] as const,
  latest: (limit: number) => [...NOTIFICATIONS_KEY, 'latest', limit] as const,
  unreadCount: () => [...NOTIFICATIONS_KEY, 'unread-count'] as const,
};
