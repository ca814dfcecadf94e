import type { NotificationType } from '../constants/statuses.js';
import type { NotificationData } from '../schemas/notification.js';

/**
 * The catalogue entry a notification is worded with (`notifications.types.<variant>` on the web,
 * `notification.types.<variant>` on the server): its type, or a variant of it where the quality
 * found at collection changes what it says. Null for a system notice without facts, which keeps
 * the words it was stored with.
 */
export function notificationVariant({
  type,
  data,
}: {
  type: NotificationType;
  data: NotificationData;
}): string | null {
  if (type === 'system') {
    if (data.quality) return `system_${data.quality}`;
    return data.foodType ? 'system' : null;
  }
  if (type === 'request_cancelled' && data.quality === 'bad') return 'request_cancelled_bad';
  return type;
}
