import type { TFunction } from 'i18next';
import { notificationVariant, type AppNotification, type NotificationType } from '@annasetu/domain';

/** Types about a request: they open the requests screen on that request. */
const REQUEST_TYPES: ReadonlySet<NotificationType> = new Set([
  'donation_request',
  'request_accepted',
  'request_rejected',
  'request_cancelled',
  'incoming_delivery',
  'delivery_accepted',
  'delivery_completed',
]);

/**
 * Where a notification leads: the request or the donation it is about, focused. A new request
 * on my donation opens the requests screen, where the donor accepts or declines it.
 */
export function notificationHref({ type, data }: Pick<AppNotification, 'type' | 'data'>) {
  if (REQUEST_TYPES.has(type) && data.requestId) return `/requests?focus=${data.requestId}`;
  // A pickup message opens the request with its conversation.
  if (type === 'pickup_message' && data.requestId)
    return `/requests?focus=${data.requestId}&thread=${data.requestId}`;
  // A receipt short of its pickup: the donation's page, with both amounts on its handover record.
  if (type === 'receipt_shortfall' && data.donationId) return `/donations/${data.donationId}`;
  if (data.donationId) return `/donations?focus=${data.donationId}`;
  if (data.requestId) return `/requests?focus=${data.requestId}`;
  // A recurring donation is managed beside the donation form.
  if (data.seriesId) return '/donations';
  return null;
}

export interface NotificationText {
  title: string;
  message: string;
}

/**
 * Title and message in the reader's language, built from the type and the facts in data, so a
 * notification written while someone used English reads in Hindi once they switch. A system
 * notice with no facts keeps the words it was created with.
 */
export function describeNotification(
  t: TFunction,
  notification: AppNotification,
): NotificationText {
  const variant = notificationVariant(notification);
  if (!variant) return { title: notification.title, message: notification.message };
  const params = {
    actor: notification.data.actorName?.trim() || t('notifications.someone'),
    food: notification.data.foodType?.trim() || t('notifications.someFood'),
    // A pickup message: a quick message in the reader's language, or the text as typed.
    said: notification.data.messageCode
      ? t(`thread.quick.${notification.data.messageCode}`)
      : (notification.data.messageText ?? ''),
  };
  return {
    title: t(`notifications.types.${variant}.title`, params),
    message: t(`notifications.types.${variant}.message`, params),
  };
}
