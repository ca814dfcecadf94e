import type { UiLanguage } from '@annasetu/domain';
import type { MailMessage } from '../../plugins/mailer.js';

interface ResetCopy {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
  signature: string;
}

// Written for each language by meaning; the link is the only thing not translated.
const COPY: Record<UiLanguage, ResetCopy> = {
  en: {
    subject: 'Reset your AnnaSetu password',
    greeting: (name) => `Hello ${name},`,
    body: 'We received a request to reset the password of your AnnaSetu account.',
    action: 'Choose a new password',
    expiry: 'This link works once and expires in 1 hour.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    signature: 'The AnnaSetu team',
  },
  hi: {
    subject: 'अपना अन्नसेतु पासवर्ड बदलें',
    greeting: (name) => `नमस्ते ${name},`,
    body: 'हमें आपके अन्नसेतु खाते का पासवर्ड बदलने का अनुरोध मिला है।',
    action: 'नया पासवर्ड चुनें',
    expiry: 'यह लिंक केवल एक बार काम करेगा और 1 घंटे में समाप्त हो जाएगा।',
    ignore: 'अगर आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।',
    signature: 'अन्नसेतु टीम',
  },
  pa: {
    subject: 'ਆਪਣਾ ਅੰਨਸੇਤੂ ਪਾਸਵਰਡ ਬਦਲੋ',
    greeting: (name) => `ਸਤ ਸ੍ਰੀ ਅਕਾਲ ${name},`,
    body: 'ਸਾਨੂੰ ਤੁਹਾਡੇ ਅੰਨਸੇਤੂ ਖਾਤੇ ਦਾ ਪਾਸਵਰਡ ਬਦਲਣ ਦੀ ਬੇਨਤੀ ਮਿਲੀ ਹੈ।',
    action: 'ਨਵਾਂ ਪਾਸਵਰਡ ਚੁਣੋ',
    expiry: 'ਇਹ ਲਿੰਕ ਸਿਰਫ਼ ਇੱਕ ਵਾਰ ਕੰਮ ਕਰੇਗਾ ਅਤੇ 1 ਘੰਟੇ ਵਿੱਚ ਖ਼ਤਮ ਹੋ ਜਾਵੇਗਾ।',
    ignore: 'ਜੇ ਤੁਸੀਂ ਇਹ ਬੇਨਤੀ ਨਹੀਂ ਕੀਤੀ, ਤਾਂ ਇਸ ਈਮੇਲ ਨੂੰ ਅਣਡਿੱਠਾ ਕਰੋ: ਤੁਹਾਡਾ ਪਾਸਵਰਡ ਉਹੀ ਰਹੇਗਾ।',
    signature: 'ਅੰਨਸੇਤੂ ਟੀਮ',
  },
  bn: {
    subject: 'আপনার অন্নসেতু পাসওয়ার্ড রিসেট করুন',
    greeting: (name) => `নমস্কার ${name},`,
    body: 'আপনার অন্নসেতু অ্যাকাউন্টের পাসওয়ার্ড বদলানোর একটি অনুরোধ আমরা পেয়েছি।',
    action: 'নতুন পাসওয়ার্ড বেছে নিন',
    expiry: 'এই লিঙ্কটি একবারই কাজ করবে এবং ১ ঘণ্টা পরে মেয়াদ শেষ হবে।',
    ignore: 'আপনি এই অনুরোধ না করে থাকলে ইমেলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড একই থাকবে।',
    signature: 'অন্নসেতু দল',
  },
  te: {
    subject: 'మీ అన్నసేతు పాస్‌వర్డ్‌ను మార్చుకోండి',
    greeting: (name) => `నమస్కారం ${name},`,
    body: 'మీ అన్నసేతు ఖాతా పాస్‌వర్డ్‌ను మార్చమని మాకు అభ్యర్థన వచ్చింది.',
    action: 'కొత్త పాస్‌వర్డ్ ఎంచుకోండి',
    expiry: 'ఈ లింక్ ఒక్కసారి మాత్రమే పనిచేస్తుంది, 1 గంటలో గడువు ముగుస్తుంది.',
    ignore: 'ఈ అభ్యర్థన మీరు చేయకపోతే ఈ ఈమెయిల్‌ను పట్టించుకోకండి: మీ పాస్‌వర్డ్ మారదు.',
    signature: 'అన్నసేతు బృందం',
  },
  kn: {
    subject: 'ನಿಮ್ಮ ಅನ್ನಸೇತು ಪಾಸ್‌ವರ್ಡ್ ಬದಲಿಸಿ',
    greeting: (name) => `ನಮಸ್ಕಾರ ${name},`,
    body: 'ನಿಮ್ಮ ಅನ್ನಸೇತು ಖಾತೆಯ ಪಾಸ್‌ವರ್ಡ್ ಬದಲಿಸಲು ನಮಗೆ ವಿನಂತಿ ಬಂದಿದೆ.',
    action: 'ಹೊಸ ಪಾಸ್‌ವರ್ಡ್ ಆಯ್ಕೆಮಾಡಿ',
    expiry: 'ಈ ಲಿಂಕ್ ಒಮ್ಮೆ ಮಾತ್ರ ಕೆಲಸ ಮಾಡುತ್ತದೆ ಮತ್ತು 1 ಗಂಟೆಯಲ್ಲಿ ಅವಧಿ ಮುಗಿಯುತ್ತದೆ.',
    ignore: 'ನೀವು ಈ ವಿನಂತಿ ಮಾಡಿಲ್ಲದಿದ್ದರೆ ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ಬದಲಾಗುವುದಿಲ್ಲ.',
    signature: 'ಅನ್ನಸೇತು ತಂಡ',
  },
  ta: {
    subject: 'உங்கள் அன்னசேது கடவுச்சொல்லை மீட்டமைக்கவும்',
    greeting: (name) => `வணக்கம் ${name},`,
    body: 'உங்கள் அன்னசேது கணக்கின் கடவுச்சொல்லை மீட்டமைக்க ஒரு கோரிக்கை எங்களுக்கு வந்துள்ளது.',
    action: 'புதிய கடவுச்சொல்லைத் தேர்ந்தெடுங்கள்',
    expiry: 'இந்த இணைப்பு ஒருமுறை மட்டுமே செயல்படும், 1 மணி நேரத்தில் காலாவதியாகும்.',
    ignore: 'இதை நீங்கள் கேட்கவில்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணிக்கலாம்: உங்கள் கடவுச்சொல் மாறாது.',
    signature: 'அன்னசேது குழு',
  },
  mr: {
    subject: 'तुमचा अन्नसेतु पासवर्ड रीसेट करा',
    greeting: (name) => `नमस्कार ${name},`,
    body: 'तुमच्या अन्नसेतु खात्याचा पासवर्ड रीसेट करण्याची विनंती आम्हाला मिळाली आहे.',
    action: 'नवीन पासवर्ड निवडा',
    expiry: 'ही लिंक फक्त एकदाच चालते आणि 1 तासात तिची मुदत संपते.',
    ignore: 'तुम्ही ही विनंती केली नसेल, तर हा ईमेल दुर्लक्षित करा: तुमचा पासवर्ड तोच राहील.',
    signature: 'अन्नसेतु टीम',
  },
};

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
  const c = COPY[to.language];
  const text = [
    c.greeting(to.name),
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
<p>${escapeHtml(c.greeting(to.name))}</p>
<p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
<p style="font-size:14px">${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p>
<p>${escapeHtml(c.signature)}</p>
</body></html>`;
  return { to: to.email, subject: c.subject, text, html };
}
