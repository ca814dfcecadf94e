import { z } from 'zod';
import { NOTIFICATION_CHANNELS, OPT_IN_CHANNELS } from '../constants/choices.js';
import { NOTIFICATION_TYPES, type NotificationType } from '../constants/statuses.js';
import { issue } from './common.js';
import { DEFAULT_TIME_ZONE, timeZoneSchema } from './series.js';

export { NOTIFICATION_CHANNELS, OPT_IN_CHANNELS };
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type OptInChannel = (typeof OPT_IN_CHANNELS)[number];

const hhmm = z.iso.time({ precision: -1, ...issue('QUIET_HOURS_INVALID') });

/**
 * Quiet hours on the user's wall clock: push and email wait until they end (the in-app list
 * still gets everything at once). `from` after `to` spans midnight (22:00 to 07:00).
 */
export const quietHoursSchema = z
  .strictObject({ from: hhmm, to: hhmm })
  .refine((v) => v.from !== v.to, { path: ['to'], message: 'QUIET_HOURS_INVALID' });

/**
 * A user's notification preferences: per type, the channels turned off (everything is on by
 * default; email also needs the account's email switch), the paid channels turned on (SMS, off
 * by default; it also needs a verified phone number), quiet hours and their time zone.
 */
export const notificationPreferencesSchema = z.strictObject({
  off: z
    .partialRecord(
      z.enum(NOTIFICATION_TYPES, issue('INVALID_VALUE')),
      z.array(z.enum(NOTIFICATION_CHANNELS, issue('INVALID_VALUE'))).max(3, issue('INVALID_VALUE')),
      issue('INVALID_VALUE'),
    )
    .default({}),
  on: z
    .partialRecord(
      z.enum(NOTIFICATION_TYPES, issue('INVALID_VALUE')),
      z
        .array(z.enum(OPT_IN_CHANNELS, issue('INVALID_VALUE')))
        .max(OPT_IN_CHANNELS.length, issue('INVALID_VALUE')),
      issue('INVALID_VALUE'),
    )
    .default({}),
  quietHours: quietHoursSchema.nullable().default(null),
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** Whether a channel is on for a type under these preferences. */
export function channelEnabled(
  off: Partial<Record<NotificationType, readonly NotificationChannel[]>> | null | undefined,
  type: NotificationType,
  channel: NotificationChannel,
): boolean {
  return !(off?.[type] ?? []).includes(channel);
}

/** Whether a channel that is off by default (SMS) was turned on for a type. */
export function optInEnabled(
  on: Partial<Record<NotificationType, readonly OptInChannel[]>> | null | undefined,
  type: NotificationType,
  channel: OptInChannel,
): boolean {
  return (on?.[type] ?? []).includes(channel);
}

/** Minutes since midnight of an HH:MM or HH:MM:SS time. */
function minutesOf(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Whether a local wall-clock time (minutes since midnight) falls in quiet hours; `from` is
 * inclusive, `to` exclusive, and a span past midnight wraps.
 */
export function inQuietHours(quiet: { from: string; to: string } | null, minutes: number): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}
