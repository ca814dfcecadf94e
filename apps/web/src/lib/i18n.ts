import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type LanguageDetectorModule,
  type Resource,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, UI_LANGUAGES } from '@annasetu/domain';
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

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect: () => detectLanguages(),
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, toUiLanguage(language));
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

/** The browser instance: detected language, catalogues fetched from /locales/{lng}/. */
export function initBrowserI18n(): I18n {
  syncDocumentLanguage(i18next);
  void i18next
    .use(fetchBackend)
    .use(detector)
    .use(initReactI18next)
    .init({ ...baseOptions, react: { useSuspense: true } });
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
