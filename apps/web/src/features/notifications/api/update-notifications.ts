import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { sendOrQueue } from '../../../offline/lib/queue';
import { notificationKeys } from './query-keys';

/**
 * POST /api/notifications/:id/read: readAt is set once; reading twice changes nothing. Queued
 * offline under the name of the food it is about, if any.
 */
export function markNotificationRead(notification: Pick<AppNotification, 'id' | 'data'>) {
  const food = notification.data.foodType?.trim();
  return sendOrQueue<ApiResponse<'/api/notifications/{id}/read', 'post'>>({
    kind: 'readNotification',
    targetIds: [notification.id],
    method: 'POST',
    path: `/api/notifications/${notification.id}/read`,
    ...(food ? { title: food } : {}),
  });
}

/** POST /api/notifications/read-all */
export function markAllNotificationsRead() {
  return api.post<ApiResponse<'/api/notifications/read-all', 'post'>>(
    '/api/notifications/read-all',
  );
}

/** DELETE /api/notifications/:id */
export function deleteNotification(id: string) {
  return api.delete<void>(`/api/notifications/${id}`);
}

// Every change refreshes the list, the latest three and the badges together.
function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkNotificationRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
}

export function useDeleteNotification() {
  const refresh = useRefreshNotifications();
  return useMutation({ mutationFn: deleteNotification, onSettled: refresh });
}
