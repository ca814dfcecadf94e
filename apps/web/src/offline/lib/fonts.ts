import { FONT_SCRIPT_OF, UI_LANGUAGES } from '@annasetu/domain';
import { toUiLanguage } from '../../lib/languages';

/**
 * The Indic scripts whose fonts this device keeps for offline use, in the order they are
 * fetched: first those of the languages the person is likely to read (the app's, the account's,
 * the browser's), then every other one, unless data is being saved. Keeping every script lets a
 * language first chosen without signal render in its own letters; they are ~380 KB in all.
 */
export function scriptsToKeep(
  likely: ReadonlyArray<string | null | undefined>,
  saveData: boolean,
): string[] {
  const scripts = likely
    .filter((tag) => !!tag && toUiLanguage(tag) !== 'en')
    .map((tag) => FONT_SCRIPT_OF[toUiLanguage(tag)]);
  if (!saveData) scripts.push(...UI_LANGUAGES.map((language) => FONT_SCRIPT_OF[language]));
  return [...new Set(scripts.filter((script): script is string => script !== null))];
}

/** True when the browser says its user wants to save data (the Save-Data setting). */
export function browserSavesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Asks the service worker, once the page is idle, to keep the fonts of `scripts` (it skips those
 * it already has). Returns a function that cancels a request not yet made.
 */
export function keepFontsWhenIdle(scripts: string[]): () => void {
  if (scripts.length === 0 || !('serviceWorker' in navigator)) return () => undefined;
  let cancelled = false;
  const ask = () => {
    void navigator.serviceWorker.ready.then((registration) => {
      if (!cancelled) registration.active?.postMessage({ type: 'KEEP_FONTS', scripts });
    });
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(ask, { timeout: 10_000 });
    return () => {
      cancelled = true;
      window.cancelIdleCallback(handle);
    };
  }
  const timer = setTimeout(ask, 2_000);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
