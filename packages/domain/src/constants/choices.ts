// Plain lists and values that pages show (filters, pickers, labels), kept apart from the schemas
// that check them: a page that only shows a choice does not load the validation library.

/** Who wrote a chat line. */
export const CHAT_SENDERS = ['bot', 'user'] as const;

/** Sort orders of the available-donations list. */
export const DONATION_SORTS = ['distance', 'newest'] as const;

/** How far back a preparation date may lie; food kept longer is not donated (max expiry 72 h). */
export const PREP_DATE_MAX_AGE_DAYS = 7;

/** Weekdays as iCalendar names them (RFC 5545 BYDAY), Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** Days in the week's order, each once: stored and shown so, whatever order they were ticked in. */
export function inWeekOrder<D extends (typeof WEEKDAYS)[number]>(days: readonly D[]): D[] {
  return WEEKDAYS.filter((day): day is D => days.includes(day as D));
}

/** The donor's default time zone (the product is for India). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
/** Longest RRULE text accepted (a real rule is a few dozen characters). */
export const MAX_RRULE_LENGTH = 300;

/** The ways a notification reaches someone: the list in the app, Web Push, and email. */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
/**
 * Channels a person turns on for a type rather than off: a text message costs money and reaches
 * a phone that may have no app, so nothing is sent by SMS or WhatsApp unless asked for
 * (decisions 0068, 0069).
 */
export const OPT_IN_CHANNELS = ['sms', 'whatsapp'] as const;
