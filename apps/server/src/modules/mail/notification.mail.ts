import type { UiLanguage } from '@annasetu/domain';
import type { MailMessage } from '../../plugins/mailer.js';
import { pushMessageFor, pushUrlFor } from '../push/push-messages.js';

interface NotificationCopy {
  greeting: (name: string) => string;
  action: string;
  why: string;
  turnOff: string;
  signature: string;
}

// The notification itself uses the push wording (one text per type and language); only the
// frame around it is written here, per language by meaning.
const COPY: Record<UiLanguage, NotificationCopy> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    action: 'Open in AnnaSetu',
    why: 'You receive this email because you turned on email notifications.',
    turnOff: 'Turn them off on your profile',
    signature: 'The AnnaSetu team',
  },
  hi: {
    greeting: (name) => `नमस्ते ${name},`,
    action: 'अन्नसेतु में खोलें',
    why: 'आपको यह ईमेल इसलिए मिला क्योंकि आपने ईमेल सूचनाएँ चालू की हैं।',
    turnOff: 'इन्हें अपनी प्रोफ़ाइल में बंद करें',
    signature: 'अन्नसेतु टीम',
  },
  pa: {
    greeting: (name) => `ਸਤ ਸ੍ਰੀ ਅਕਾਲ ${name},`,
    action: 'ਅੰਨਸੇਤੂ ਵਿੱਚ ਖੋਲ੍ਹੋ',
    why: 'ਤੁਹਾਨੂੰ ਇਹ ਈਮੇਲ ਇਸ ਲਈ ਮਿਲੀ ਕਿਉਂਕਿ ਤੁਸੀਂ ਈਮੇਲ ਸੂਚਨਾਵਾਂ ਚਾਲੂ ਕੀਤੀਆਂ ਹਨ।',
    turnOff: 'ਇਨ੍ਹਾਂ ਨੂੰ ਆਪਣੀ ਪ੍ਰੋਫਾਈਲ ਵਿੱਚ ਬੰਦ ਕਰੋ',
    signature: 'ਅੰਨਸੇਤੂ ਟੀਮ',
  },
  bn: {
    greeting: (name) => `নমস্কার ${name},`,
    action: 'অন্নসেতুতে খুলুন',
    why: 'আপনি ইমেল বিজ্ঞপ্তি চালু করেছেন বলে এই ইমেলটি পেয়েছেন।',
    turnOff: 'আপনার প্রোফাইল থেকে এগুলি বন্ধ করুন',
    signature: 'অন্নসেতু দল',
  },
  te: {
    greeting: (name) => `నమస్కారం ${name},`,
    action: 'అన్నసేతులో తెరవండి',
    why: 'మీరు ఈమెయిల్ నోటిఫికేషన్‌లను ఆన్ చేసినందున ఈ ఈమెయిల్ మీకు వచ్చింది.',
    turnOff: 'మీ ప్రొఫైల్‌లో వీటిని ఆపివేయండి',
    signature: 'అన్నసేతు బృందం',
  },
  kn: {
    greeting: (name) => `ನಮಸ್ಕಾರ ${name},`,
    action: 'ಅನ್ನಸೇತುವಿನಲ್ಲಿ ತೆರೆಯಿರಿ',
    why: 'ನೀವು ಇಮೇಲ್ ಅಧಿಸೂಚನೆಗಳನ್ನು ಆನ್ ಮಾಡಿರುವುದರಿಂದ ಈ ಇಮೇಲ್ ನಿಮಗೆ ಬಂದಿದೆ.',
    turnOff: 'ಇವುಗಳನ್ನು ನಿಮ್ಮ ಪ್ರೊಫೈಲ್‌ನಲ್ಲಿ ಆಫ್ ಮಾಡಿ',
    signature: 'ಅನ್ನಸೇತು ತಂಡ',
  },
  ta: {
    greeting: (name) => `வணக்கம் ${name},`,
    action: 'அன்னசேதுவில் திற',
    why: 'நீங்கள் மின்னஞ்சல் அறிவிப்புகளை இயக்கியுள்ளதால் இந்த மின்னஞ்சல் உங்களுக்கு வந்துள்ளது.',
    turnOff: 'உங்கள் சுயவிவரத்தில் இவற்றை நிறுத்துங்கள்',
    signature: 'அன்னசேது குழு',
  },
  mr: {
    greeting: (name) => `नमस्कार ${name},`,
    action: 'अन्नसेतुमध्ये उघडा',
    why: 'तुम्ही ईमेल सूचना चालू केल्या असल्यामुळे तुम्हाला हा ईमेल आला आहे.',
    turnOff: 'तुमच्या प्रोफाइलमध्ये त्या बंद करा',
    signature: 'अन्नसेतु टीम',
  },
};

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
  const c = COPY[to.language] ?? COPY.en;
  const message = pushMessageFor(to.language, notification.type, notification.data);
  const base = baseUrl.replace(/\/+$/, '');
  const link = `${base}${pushUrlFor(notification.type, notification.data)}`;
  const profile = `${base}/profile`;
  const text = [
    c.greeting(to.name),
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
<p>${escapeHtml(c.greeting(to.name))}</p>
<p>${escapeHtml(message.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p>${escapeHtml(c.signature)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(c.why)} <a href="${escapeHtml(profile)}">${escapeHtml(c.turnOff)}</a></p>
</body></html>`;
  return { to: to.email, subject: message.title, text, html };
}
