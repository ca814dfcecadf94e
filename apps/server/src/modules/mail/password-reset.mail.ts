import type { UiLanguage } from '@annasetu/domain';
import { message } from '../../messages/index.js';
import type { MailMessage } from '../../plugins/mailer.js';

// Written for each language by meaning in `mail` of src/messages/locales/<lang>.json; the link
// is the only thing not translated.
function copyFor(language: UiLanguage, name: string) {
  const text = (key: string) => message(language, `mail.passwordReset.${key}`);
  return {
    subject: text('subject'),
    greeting: message(language, 'mail.greeting', { name }),
    body: text('body'),
    action: text('action'),
    expiry: text('expiry'),
    ignore: text('ignore'),
    signature: message(language, 'mail.signature'),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The password reset email in the recipient's language. */
export function passwordResetMail(
  to: { email: string; name: string; language: UiLanguage },
  link: string,
): MailMessage {
  const c = copyFor(to.language, to.name);
  const text = [
    c.greeting,
    '',
    c.body,
    '',
    `${c.action}: ${link}`,
    '',
    c.expiry,
    c.ignore,
    '',
    c.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${to.language}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(c.greeting)}</p>
<p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="font-size:14px">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p>
<p>${escapeHtml(c.signature)}</p>
</body></html>`;
  return { to: to.email, subject: c.subject, text, html };
}
