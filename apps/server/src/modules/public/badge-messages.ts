import type { UiLanguage } from '@annasetu/domain';

/** The words of an organisation's impact badge. */
export interface BadgeWords {
  /** The platform's name in the language's script. */
  brand: string;
  meals: string;
  co2: string;
  completed: string;
  received: string;
  memberSince: string;
}

// The badge is an image shared outside the app, so the server writes it in the language asked
// for, with the words the web catalogues use for the same figures (analytics and admin screens).
export const BADGE_WORDS: Record<UiLanguage, BadgeWords> = {
  en: {
    brand: 'AnnaSetu',
    meals: 'Meals donated',
    co2: 'CO₂ saved (kg)',
    completed: 'Completed donations',
    received: 'Deliveries received',
    memberSince: 'Member since',
  },
  hi: {
    brand: 'अन्नसेतु',
    meals: 'दान किए गए भोजन',
    co2: 'बचाई गई CO₂ (किग्रा)',
    completed: 'पूरे हुए दान',
    received: 'प्राप्त डिलीवरी',
    memberSince: 'सदस्य बने',
  },
  pa: {
    brand: 'ਅੰਨਸੇਤੂ',
    meals: 'ਦਾਨ ਕੀਤੇ ਖਾਣੇ',
    co2: 'ਬਚਾਈ CO₂ (ਕਿਲੋ)',
    completed: 'ਪੂਰੇ ਹੋਏ ਦਾਨ',
    received: 'ਪ੍ਰਾਪਤ ਡਿਲੀਵਰੀਆਂ',
    memberSince: 'ਮੈਂਬਰ ਬਣੇ',
  },
  bn: {
    brand: 'অন্নসেতু',
    meals: 'দান করা খাবার (মিল)',
    co2: 'সাশ্রয় হওয়া CO₂ (কেজি)',
    completed: 'সম্পন্ন দান',
    received: 'প্রাপ্ত ডেলিভারি',
    memberSince: 'সদস্য হয়েছেন',
  },
  te: {
    brand: 'అన్నసేతు',
    meals: 'దానం చేసిన భోజనాలు',
    co2: 'ఆదా అయిన CO₂ (కిలో)',
    completed: 'పూర్తయిన దానాలు',
    received: 'అందుకున్న డెలివరీలు',
    memberSince: 'సభ్యులైనప్పటి నుండి',
  },
  kn: {
    brand: 'ಅನ್ನಸೇತು',
    meals: 'ದಾನ ಮಾಡಿದ ಊಟಗಳು',
    co2: 'ಉಳಿಸಿದ CO₂ (ಕೆಜಿ)',
    completed: 'ಪೂರ್ಣಗೊಂಡ ದಾನಗಳು',
    received: 'ಸ್ವೀಕರಿಸಿದ ವಿತರಣೆಗಳು',
    memberSince: 'ಸದಸ್ಯರಾದದ್ದು',
  },
  ta: {
    brand: 'அன்னசேது',
    meals: 'நன்கொடையளித்த உணவுகள்',
    co2: 'சேமித்த CO₂ (கிலோ)',
    completed: 'நிறைவடைந்த நன்கொடைகள்',
    received: 'பெற்ற டெலிவரிகள்',
    memberSince: 'உறுப்பினரான நாள்',
  },
  mr: {
    brand: 'अन्नसेतु',
    meals: 'दान केलेली जेवणे',
    co2: 'वाचवलेला CO₂ (किलो)',
    completed: 'पूर्ण झालेली दाने',
    received: 'मिळालेल्या डिलिव्हरी',
    memberSince: 'सदस्य झाल्यापासून',
  },
};
