import { NOTIFICATION_TYPES, type UiLanguage } from '@annasetu/domain';
import { message, saidIn } from '../../messages/index.js';

type Template = { title: string; body: string };

// Push notifications are shown by the phone itself, so the server writes them in the user's
// language, from `push.<type>` in src/messages/locales/<lang>.json. {{actor}} and {{food}} come
// from the notification's data.
const TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** The page a push opens: the thing it is about. */
export function pushUrlFor(type: string, data: Record<string, string>): string {
  // Anything about a request (a new one to accept, a decision, a delivery) opens the requests
  // page, as the notification centre does; the rest opens the donation.
  // A pickup message opens the request with its conversation.
  if (type === 'pickup_message' && data.requestId)
    return `/requests?focus=${data.requestId}&thread=${data.requestId}`;
  if (data.requestId) return `/requests?focus=${data.requestId}`;
  if (data.donationId) return `/donations?focus=${data.donationId}`;
  return '/notifications';
}

/** Title and body of a push in the recipient's language. */
export function pushMessageFor(
  language: UiLanguage,
  type: string,
  data: Record<string, string>,
): Template {
  const key = `push.${TYPES.has(type) ? type : 'system'}`;
  const values = {
    actor: data.actorName ?? '',
    food: data.foodType ?? '',
    said: saidIn(language, data),
  };
  const fill = (text: string) => text.replace(/\s+/g, ' ').trim();
  return {
    title: fill(message(language, `${key}.title`, values)),
    body: fill(message(language, `${key}.body`, values)),
  };
}
