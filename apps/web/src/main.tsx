import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { holdEarlySubmits, noteEarlyInput, replayEarlyInput } from './app/early-input';
import { replayEarlyClicks } from './app/early-clicks';
import { AppRoot } from './app/root';
import { preloadPage } from './app/router';
import { detectUiLanguage, initBrowserI18n } from './lib/i18n';
import { isUiLanguage } from './lib/languages';
import { sendPendingSignOutWhenOnline } from './lib/pending-sign-out';
import './styles/fonts.css';
import './styles/base.css';
import './styles/components.css';

const container = document.getElementById('root')!;
// A page rendered ahead of time names its language; hydration must render that same text.
const prerendered = container.dataset.prerendered;
const pageLanguage = isUiLanguage(prerendered) ? prerendered : undefined;
// This browser's own choice, read before i18next starts: starting in the page's language stores
// that language as the choice, and the one saved before would be lost.
const ownLanguage = detectUiLanguage();
const i18n = initBrowserI18n(pageLanguage);
if (pageLanguage) holdEarlySubmits();
// A sign-out made with no signal is sent to the server now, or on reconnection.
sendPendingSignOutWhenOnline();
// The service worker registers after load, from its own small chunk.
void import('./features/pwa/register').then((m) => m.registerAfterLoad());

/**
 * The page is interactive. The server chose its language from the cookie and Accept-Language;
 * should this browser's own choice differ (one saved before the cookie existed), the app moves
 * to it now, after hydration.
 */
let ready = false;
function handleReady() {
  if (ready) return;
  ready = true;
  document.documentElement.dataset.hydrated = 'true';
  if (!pageLanguage) return;
  if (ownLanguage !== pageLanguage) void i18n.changeLanguage(ownLanguage);
}

const app = <AppRoot i18n={i18n} Router={BrowserRouter} onReady={handleReady} />;

/** Resolves once the catalogues of the page's language (and the fallback) are in. */
function translationsReady(): Promise<void> {
  return new Promise((resolve) => {
    if (i18n.isInitialized) resolve();
    else i18n.on('initialized', () => resolve());
  });
}

/**
 * Resolves once the page language's catalogue is in. A page whose app starts on a touch may start
 * it with no signal; hydrating without its text would turn every word on it into a key, so the
 * page stays the HTML it is (readable, its forms held) and the catalogue is asked again on
 * reconnection, or every few seconds.
 */
async function textAtHand(language: string): Promise<void> {
  await translationsReady();
  while (!i18n.hasResourceBundle(language, 'translation')) {
    await reconnectionOrSoon();
    await i18n.reloadResources([language]).catch(() => undefined);
  }
}

/**
 * Resolves once the page's own code is in. Hydrating without it would draw the route's error
 * screen in place of the form the visitor is filling in (its code had not been fetched when
 * the signal went), so the page stays the HTML it is until the code comes.
 */
async function pageCodeAtHand(pathname: string): Promise<void> {
  for (let failedWithSignal = 0; ;) {
    try {
      await preloadPage(pathname);
      return;
    } catch {
      // Three failures with a signal: the code will not come (a new version replaced it, or
      // this browser keeps the failure). The app takes the page and shows its error screen,
      // which offers a reload, rather than a form that waits for ever.
      if (navigator.onLine && ++failedWithSignal >= 3) return;
      await reconnectionOrSoon();
    }
  }
}

/** Resolves on reconnection or in a few seconds, whichever comes first. */
function reconnectionOrSoon(): Promise<void> {
  return new Promise<void>((resolve) => {
    const again = () => {
      window.removeEventListener('online', again);
      window.clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', again);
    const timer = window.setTimeout(again, 5_000);
  });
}

if (pageLanguage && container.firstElementChild) {
  // Hydrate in one pass, with the text and the page's code at hand: nothing suspends, so the
  // page is interactive as soon as hydration ends (and the app knows when that is).
  void Promise.all([textAtHand(pageLanguage), pageCodeAtHand(window.location.pathname)]).then(
    () => {
      noteEarlyInput(container);
      hydrateRoot(container, app);
      // Preact hydrates in this call: the page is the app's now. What the visitor typed and
      // picked meanwhile goes to it before anything renders again (a render would set the
      // controlled fields, a role card's radio, back to the app's own values for a moment).
      replayEarlyInput(container);
      replayEarlyClicks();
    },
  );
} else {
  createRoot(container).render(app);
}
