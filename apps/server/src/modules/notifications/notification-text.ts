import {
  NOTIFICATION_TYPES,
  notificationDataSchema,
  notificationVariant,
  type NotificationData,
  type NotificationType,
  type UiLanguage,
} from '@annasetu/domain';
import { message, saidIn } from '../../messages/index.js';

const TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** A stored notification as far as its wording goes. */
export interface NotificationFacts {
  type: string;
  data: Record<string, unknown>;
  /** English words stored by older versions; used only when the facts say nothing. */
  title?: string | null;
  message?: string | null;
}

/** The type as the API knows it (an unknown stored type reads as a system notice). */
export function knownType(type: string): NotificationType {
  return TYPES.has(type) ? (type as NotificationType) : 'system';
}

/** The facts of a notification the API shows (unknown data keys are dropped). */
export function knownData(data: unknown): NotificationData {
  const parsed = notificationDataSchema.safeParse(data);
  return parsed.success ? parsed.data : {};
}

/**
 * Title and message of a notification in the reader's language, written from its type and
 * facts with `notification.types.<variant>` of src/messages/locales/<lang>.json (the same
 * wording as the web's notification centre). A system notice without facts keeps the words
 * stored with it, or the generic notice when none were stored.
 */
export function notificationText(
  language: UiLanguage | string,
  notification: NotificationFacts,
): { title: string; message: string } {
  const type = knownType(notification.type);
  const data = knownData(notification.data);
  const variant = notificationVariant({ type, data });
  if (!variant && notification.title && notification.message) {
    return { title: notification.title, message: notification.message };
  }
  const key = `notification.types.${variant ?? 'system'}`;
  const values = {
    actor: data.actorName?.trim() || message(language, 'notification.someone'),
    food: data.foodType?.trim() || message(language, 'notification.someFood'),
    said: saidIn(language, data),
  };
  return {
    title: message(language, `${key}.title`, values),
    message: message(language, `${key}.message`, values),
  };
}
