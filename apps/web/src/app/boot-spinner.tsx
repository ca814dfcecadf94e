import { FALLBACK_LANGUAGE, type UiLanguage } from '@annasetu/domain';
import { toUiLanguage } from '../lib/languages';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';

// Shown before any catalogue has arrived, so it cannot use t(): the one string it needs is
// kept here in every language.
const LOADING: Record<UiLanguage, string> = {
  en: 'Loading...',
  hi: 'लोड हो रहा है...',
  pa: 'ਲੋਡ ਹੋ ਰਿਹਾ ਹੈ...',
  bn: 'লোড হচ্ছে...',
  te: 'లోడ్ అవుతోంది...',
  kn: 'ಲೋಡ್ ಆಗುತ್ತಿದೆ...',
  ta: 'ஏற்றப்படுகிறது...',
  mr: 'लोड होत आहे...',
};

function bootLanguage(): UiLanguage {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) return toUiLanguage(stored);
  } catch {
    // Storage can be blocked; the browser language still tells us something.
  }
  return typeof navigator === 'undefined' ? FALLBACK_LANGUAGE : toUiLanguage(navigator.language);
}

export function BootSpinner() {
  const language = bootLanguage();
  return (
    <div className="page-spinner" lang={language}>
      <span className="spinner-wrap" role="status">
        <span className="spinner spinner--lg" aria-hidden="true" />
        <span className="spinner-wrap__label">{LOADING[language]}</span>
      </span>
    </div>
  );
}
