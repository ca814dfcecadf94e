import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type LanguageDetectorModule,
  type Resource,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  UI_LANGUAGES,
  pickUiLanguage,
  type UiLanguage,
} from '@annasetu/domain';
import { toUiLanguage } from './languages';

/** Local storage key that remembers the chosen language on this device. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const LOCALES_VERSION = import.meta.env.VITE_LOCALES_VERSION ?? 'dev';

/** Where a language's catalogue is served from (one file per language). */
export function catalogueUrl(language: string, namespace = 'translation'): string {
  return `/locales/${language}/${namespace}.json?v=${LOCALES_VERSION}`;
}

/**
 * Fetches one catalogue per language over HTTP. A few lines instead of a backend package: the
 * landing page's JavaScript budget is tight and this is all we need. The language's date and
 * time data (where the browser lacks it) loads alongside, so screens never render with a
 * half-formatted date.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const localeData = import('./locale-data')
      .then(({ ensureLocaleData }) => ensureLocaleData(language))
      .catch(() => undefined);
    fetch(catalogueUrl(language, namespace), { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`Catalogue ${language} answered ${response.status}`);
        return response.json() as Promise<Record<string, unknown>>;
      })
      .then(async (data) => {
        await localeData;
        return data;
      })
      .then(
        (data) => callback(null, data),
        (error: Error) => callback(error, false),
      );
  },
};

function readStoredLanguage(): string | undefined {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Detection order of the product: local storage, then the browser, then <html lang>. */
export function detectLanguages(): string[] {
  const candidates = [
    readStoredLanguage(),
    ...(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])),
    typeof document === 'undefined' ? undefined : document.documentElement.lang,
  ];
  return candidates.filter((value): value is string => Boolean(value));
}

/** The language this browser would choose on its own (the detection order above). */
export function detectUiLanguage(): UiLanguage {
  return pickUiLanguage(detectLanguages());
}

/**
 * Mirrors the saved language into a cookie: the server reads it to send the pages it renders
 * ahead of time in that language (local storage stays the record the app reads).
 */
function writeLanguageCookie(language: UiLanguage) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {
    // A language saved before the cookie existed reaches the server from the next page on.
    const stored = readStoredLanguage();
    if (stored && !document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${stored}`)) {
      writeLanguageCookie(toUiLanguage(stored));
    }
  },
  detect: () => detectLanguages(),
  cacheUserLanguage(language) {
    const chosen = toUiLanguage(language);
    writeLanguageCookie(chosen);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, chosen);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this visit only.
    }
  },
};

const baseOptions: InitOptions = {
  supportedLngs: [...UI_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: FALLBACK_LANGUAGE,
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
};

/** Keeps <html lang> on the resolved language ("hi", never the raw "hi-IN"). */
function syncDocumentLanguage(instance: I18n) {
  const apply = () => {
    if (typeof document === 'undefined') return;
    document.documentElement.lang = instance.resolvedLanguage ?? toUiLanguage(instance.language);
  };
  instance.on('languageChanged', apply);
  instance.on('loaded', apply);
  instance.on('initialized', apply);
}

/**
 * The browser instance: detected language, catalogues fetched from /locales/{lng}/. A page the
 * server rendered ahead of time passes its language, so hydration renders the same text; the
 * app then moves to the detected language if that differs.
 */
export function initBrowserI18n(initialLanguage?: UiLanguage): I18n {
  syncDocumentLanguage(i18next);
  void i18next
    .use(fetchBackend)
    .use(detector)
    .use(initReactI18next)
    .init({ ...baseOptions, lng: initialLanguage, react: { useSuspense: true } });
  return i18next;
}

/** An in-memory instance for tests: catalogues passed in, no network, no detection. */
export function createStaticI18n(resources: Resource, language: string = FALLBACK_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  syncDocumentLanguage(instance);
  void instance.use(initReactI18next).init({
    ...baseOptions,
    lng: language,
    resources,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
