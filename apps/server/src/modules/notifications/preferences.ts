import { DateTime } from 'luxon';
import {
  channelEnabled,
  inQuietHours,
  optInEnabled,
  type NotificationChannel,
  type NotificationType,
  type OptInChannel,
} from '@annasetu/domain';

/** The preference fields of a user row that decide how a notification reaches them. */
export interface DeliveryPreferences {
  notificationsOff: Partial<Record<NotificationType, NotificationChannel[]>>;
  /** SMS is off unless turned on for the type (decision 0068). */
  notificationsOn: Partial<Record<NotificationType, OptInChannel[]>>;
  quietFrom: string | null;
  quietTo: string | null;
  timeZone: string;
}

function quietOf(p: DeliveryPreferences) {
  return p.quietFrom && p.quietTo ? { from: p.quietFrom, to: p.quietTo } : null;
}

/** Whether the user's quiet hours are on at `now` on their wall clock. */
export function isQuietAt(p: DeliveryPreferences, now: Date): boolean {
  const local = DateTime.fromJSDate(now, { zone: p.timeZone });
  return inQuietHours(quietOf(p), local.hour * 60 + local.minute);
}

/** When the quiet hours on at `now` end, as an instant; null when they are not on. */
export function quietEndAfter(p: DeliveryPreferences, now: Date): Date | null {
  const quiet = quietOf(p);
  if (!quiet || !isQuietAt(p, now)) return null;
  const local = DateTime.fromJSDate(now, { zone: p.timeZone });
  const [h, m] = quiet.to.split(':').map(Number);
  let end = local.set({ hour: h!, minute: m!, second: 0, millisecond: 0 });
  if (end <= local) end = end.plus({ days: 1 });
  return end.toJSDate();
}

/**
 * How one notification of `type` reaches the user now: which channels are on, and until when
 * push, email and SMS wait (quiet hours). `stored` is false when every channel is off. Whether
 * an SMS can go (a verified number, a configured SMSC) is the SMS dispatcher's question.
 */
export function deliveryPlan(p: DeliveryPreferences, type: NotificationType, now: Date) {
  const on = (channel: NotificationChannel) => channelEnabled(p.notificationsOff, type, channel);
  const inApp = on('inApp');
  const push = on('push');
  const email = on('email');
  const sms = optInEnabled(p.notificationsOn, type, 'sms');
  const whatsapp = optInEnabled(p.notificationsOn, type, 'whatsapp');
  return {
    stored: inApp || push || email || sms || whatsapp,
    inApp,
    push,
    email,
    sms,
    whatsapp,
    holdUntil: push || email || sms || whatsapp ? quietEndAfter(p, now) : null,
  };
}
