// The only script of a public page that starts the app on the visitor's first interaction: the
// landing page (decision 0031) and the sign-in, sign-up and password pages (decision 0082). The
// page arrives as HTML rendered at build time, with its styles linked: it paints, its links work
// and its fields take typing without any JavaScript, and a form sent meanwhile is held by the
// page's inline script (app/early-input.ts). So the framework runs only once the visitor acts,
// never in the seconds a cheap phone spends on it right after the first paint.
import { LANGUAGE_COOKIE, UI_LANGUAGES } from '@annasetu/domain';
import { holdEarlyClicks } from './app/early-clicks';
import { addHintsInSmallTasks, listedHints } from './app/first-frame/page-hints';
import { CSRF_COOKIE, PENDING_SIGN_OUT_KEY } from './lib/csrf-cookie';
import { smsOffered } from './lib/sms-channel';

const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/**
 * What counts as acting: a touch, a key, a focus, and what comes without any of them (a click
 * or a form sent by an assistive technology or a password manager, typing by voice).
 */
const TRIGGERS = [
  'pointerdown',
  'keydown',
  'touchstart',
  'focusin',
  'click',
  'submit',
  'input',
  'change',
] as const;

// Here at last: the page's inline script stops asking for this file again.
window.__bootRan = true;

let started = false;

function listenForTheFirstTouch() {
  for (const type of TRIGGERS) {
    window.addEventListener(type, startApp, { capture: true, passive: true });
  }
}

function startApp() {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) window.removeEventListener(type, startApp, true);
  import('./main').catch(() => {
    // Not loaded (no signal, or a new version replaced this page's files): the page stays
    // usable as HTML, and the next touch tries again, as does reconnecting with a form held.
    started = false;
    listenForTheFirstTouch();
    retryWhileFormHeld();
  });
}

/** How long a page with a form held waits before trying to start its app again. */
const RETRY_MS = 5_000;

/**
 * A form sent while the app could not load is sent once the app starts, so the app is tried
 * again on reconnection or after a few seconds: the `online` event may come before the
 * connection carries requests (a phone regaining signal), and that try fails too.
 */
let retryArmed = false;
let failedWithSignal = 0;

function retryWhileFormHeld() {
  // Three failures with a signal: the file will not come (a new version replaced it); a touch
  // still tries again. One retry at a time, however many touches failed.
  if (navigator.onLine && ++failedWithSignal > 3) return;
  if (retryArmed) return;
  retryArmed = true;
  const again = () => {
    retryArmed = false;
    window.removeEventListener('online', again);
    window.clearTimeout(timer);
    // Started by a touch meanwhile, or nothing held: the next touch starts it.
    if (!started && (window.__heldSubmits?.length ?? 0) > 0) startApp();
  };
  window.addEventListener('online', again);
  const timer = window.setTimeout(again, RETRY_MS);
}

/** A visitor with a session: the app moves them on from these pages at once. */
function signedIn(): boolean {
  return document.cookie.split('; ').some((pair) => pair.startsWith(`${CSRF_COOKIE}=`));
}

/**
 * A page the visitor is about to type into lists the app's code (`app-hints`): it is fetched
 * once the page is painted, but not run, so a tap finds it at hand and the main thread stays
 * free meanwhile. The landing page lists nothing: most of its visitors read and leave.
 */
function prefetchApp() {
  // A browser without prefetch (Safari) would skip the module preloads the app's own loader adds
  // for any file that already has a link: it fetches on the touch, with those preloads.
  if (!document.createElement('link').relList.supports('prefetch')) return;
  const hints = listedHints().map((hint) => ({ rel: 'prefetch', href: hint.href }));
  if (hints.length > 0) addHintsInSmallTasks(hints, () => undefined);
}

/**
 * The sign-in page offers signing in by phone where the server can send codes, and only its app
 * can draw that offer (the HTML is built before any server's settings are known). There the app
 * starts once the page is painted, as on the pages that show data: a person who signs in by
 * phone must see the way to at once, not after a first touch elsewhere.
 */
function appDrawsMoreAtOnce(): boolean {
  return (
    window.location.pathname === '/login' &&
    !new URLSearchParams(window.location.search).has('forgot') &&
    smsOffered()
  );
}

/**
 * Pages whose app starts once painted after all: the server's settings add to the page, or the
 * visitor has a session (the server gives them the app shell, but a link from another site does
 * not carry the strict cookie it goes by, so the page itself may come).
 */
function startOncePainted(): boolean {
  return appDrawsMoreAtOnce() || signedIn() || signOutWaiting();
}

/**
 * A sign-out made with no signal still to be sent (lib/pending-sign-out.ts): the app starts
 * and sends it, so the old session does not outlive the visit on the server.
 */
function signOutWaiting(): boolean {
  try {
    return window.localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A language picked before the app has taken over: saved as the app saves it, then the page
 * comes again from the server in that language.
 */
function handleEarlyLanguageChange(event: Event) {
  const target = event.target;
  // The app is starting: it takes the choice over when it hydrates the page, with what was
  // typed (a reload would lose that).
  if (started) return;
  if (!(target instanceof HTMLSelectElement)) return;
  if (!target.classList.contains('language-select__control')) return;
  const language = target.value;
  if (!(UI_LANGUAGES as readonly string[]).includes(language)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the cookie still carries the choice to the server.
  }
  window.location.reload();
}

/**
 * Whether the visitor acted before this script ran (it arrives after the page on a slow
 * connection): a form sent and held, a field in focus, or text typed. The events that would
 * have started the app came and went unheard.
 */
function actedAlready(root: HTMLElement): boolean {
  if ((window.__heldSubmits?.length ?? 0) > 0) return true;
  if (document.activeElement && root.contains(document.activeElement)) return true;
  return [...root.querySelectorAll<HTMLInputElement>('input, textarea')].some((field) =>
    // A box's value is "on" whatever its state: what it shows is whether it is ticked.
    /^(checkbox|radio)$/.test(field.type)
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue,
  );
}

const root = document.getElementById('root');
if (root?.dataset.prerendered) {
  window.addEventListener('change', handleEarlyLanguageChange, true);
  holdEarlyClicks(root);
  if (actedAlready(root)) {
    startApp();
  } else {
    listenForTheFirstTouch();
    // After the first frame has been painted: nothing competes with what it waits for.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (startOncePainted()) addHintsInSmallTasks(listedHints(), startApp);
        else prefetchApp();
      }, 0),
    );
  }
  // The service worker still registers after load, as on every other page.
  void import('./features/pwa/register').then((m) => m.registerAfterLoad());
} else {
  startApp();
}
