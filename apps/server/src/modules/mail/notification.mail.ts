import type { UiLanguage } from '@annasetu/domain';
import type { MailMessage } from '../../plugins/mailer.js';
import { message } from '../../messages/index.js';
import { pushMessageFor, pushUrlFor } from '../push/push-messages.js';

// The notification itself uses the push wording (one text per type and language); only the
// frame around it comes from `mail` in src/messages/locales/<lang>.json.
function copyFor(language: UiLanguage, name: string) {
  return {
    greeting: message(language, 'mail.greeting', { name }),
    action: message(language, 'mail.notification.action'),
    why: message(language, 'mail.notification.why'),
    turnOff: message(language, 'mail.notification.turnOff'),
    signature: message(language, 'mail.signature'),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * One notification as an email in the recipient's language: the push title as the subject, the
 * push text as the body, and a link to the page the notification is about.
 */
export function notificationMail(
  to: { email: string; name: string; language: UiLanguage },
  notification: { type: string; data: Record<string, string> },
  baseUrl: string,
): MailMessage {
  const c = copyFor(to.language, to.name);
  const message = pushMessageFor(to.language, notification.type, notification.data);
  const base = baseUrl.replace(/\/+$/, '');
  const link = `${base}${pushUrlFor(notification.type, notification.data)}`;
  const profile = `${base}/profile`;
  const text = [
    c.greeting,
    '',
    message.body,
    '',
    `${c.action}: ${link}`,
    '',
    c.signature,
    '',
    '--',
    c.why,
    `${c.turnOff}: ${profile}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${to.language}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(c.greeting)}</p>
<p>${escapeHtml(message.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p>${escapeHtml(c.signature)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(c.why)} <a href="${escapeHtml(profile)}">${escapeHtml(c.turnOff)}</a></p>
</body></html>`;
  return { to: to.email, subject: message.title, text, html };
}
