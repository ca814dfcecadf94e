// The landing page's only script before the visitor does anything. The page arrives as HTML
// rendered at build time, with its styles linked: it paints and its links work without any
// JavaScript. The app (main.tsx) loads and hydrates the page on the first interaction, so the
// framework never delays the first paint of a phone on a slow network (decision 0031).
import { LANGUAGE_COOKIE, UI_LANGUAGES } from '@annasetu/domain';

const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const TRIGGERS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

let started = false;

function startApp() {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) window.removeEventListener(type, startApp, true);
  void import('./main');
}

/**
 * A language picked before the app has taken over: saved as the app saves it, then the page
 * comes again from the server in that language.
 */
function handleEarlyLanguageChange(event: Event) {
  const target = event.target;
  if (started && document.documentElement.dataset.hydrated === 'true') return;
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

if (document.getElementById('root')?.dataset.prerendered) {
  for (const type of TRIGGERS) {
    window.addEventListener(type, startApp, { capture: true, passive: true });
  }
  window.addEventListener('change', handleEarlyLanguageChange, true);
  // The service worker still registers after load, as on every other page.
  void import('./features/pwa/register').then((m) => m.registerAfterLoad());
} else {
  startApp();
}
