import { z } from 'zod';
import { QUICK_MESSAGES } from '../constants/pickup-thread.js';
import { LIST_LIMITS } from '../constants/limits.js';
import { NOTIFICATION_TYPES } from '../constants/statuses.js';
import {
  cursorSchema,
  idSchema,
  isoDateTimeSchema,
  issue,
  limitSchema,
  pageSchema,
  requiredEnum,
} from './common.js';

/**
 * Links from a notification to what it is about, so the web app can open it, and the facts its
 * text is built from, so every language can render the message (not only the stored English).
 */
export const notificationDataSchema = z.object({
  requestId: idSchema.optional(),
  donationId: idSchema.optional(),
  /** The recurring donation (series) it is about. */
  seriesId: idSchema.optional(),
  /** Who acted: a donor, receiver or volunteer's display name. */
  actorName: z.string().optional(),
  /** The donation's food, as the donor wrote it. */
  foodType: z.string().optional(),
  /** The quality found at collection. */
  quality: z.enum(['good', 'bad']).optional(),
  /** A pickup message: its quick message's code, or the text as typed (at most 140 characters). */
  messageCode: z.enum(QUICK_MESSAGES).optional(),
  messageText: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/** A notification as the API returns it (seed section 3); readAt is set when it is read. */
export const notificationSchema = z.object({
  id: idSchema,
  userId: idSchema,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  data: notificationDataSchema,
  createdAt: isoDateTimeSchema,
  isRead: z.boolean(),
  readAt: isoDateTimeSchema.nullable(),
});
// Named AppNotification so it never shadows the browser's global Notification (push permission).
export type AppNotification = z.infer<typeof notificationSchema>;

/** A page of notifications, newest first. */
export const notificationPageSchema = pageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Query of the notifications screen: optional type filter and unread-only switch, 50 a page. */
export const notificationListQuerySchema = z.strictObject({
  type: requiredEnum(NOTIFICATION_TYPES).optional(),
  unreadOnly: z
    .enum(['true', 'false'], issue('INVALID_VALUE'))
    .transform((v) => v === 'true')
    .optional(),
  limit: limitSchema(LIST_LIMITS.notifications, LIST_LIMITS.notifications),
  cursor: cursorSchema.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** Unread count for the sidebar and bell badges. */
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
