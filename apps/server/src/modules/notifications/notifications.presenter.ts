import type { AppNotification, UiLanguage } from '@annasetu/domain';
import type { NotificationRow } from '../../db/schema/index.js';
import { knownData, knownType, notificationText } from './notification-text.js';

/**
 * The API view of a notification, its title and message written in the reader's language;
 * unknown data keys are dropped by the schema.
 */
export function presentNotification(row: NotificationRow, language: UiLanguage): AppNotification {
  return {
    id: row.id,
    userId: row.userId,
    type: knownType(row.type),
    ...notificationText(language, row),
    data: knownData(row.data),
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
  };
}
