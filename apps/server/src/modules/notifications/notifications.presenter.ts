import { NOTIFICATION_TYPES, notificationDataSchema, type AppNotification } from '@annasetu/domain';
import type { NotificationRow } from '../../db/schema/index.js';

/** The API view of a notification; unknown data keys are dropped by the schema. */
export function presentNotification(row: NotificationRow): AppNotification {
  const data = notificationDataSchema.safeParse(row.data);
  return {
    id: row.id,
    userId: row.userId,
    type: (NOTIFICATION_TYPES as readonly string[]).includes(row.type)
      ? (row.type as AppNotification['type'])
      : 'system',
    title: row.title,
    message: row.message,
    data: data.success ? data.data : {},
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
  };
}
