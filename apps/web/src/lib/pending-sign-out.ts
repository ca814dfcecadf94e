// Signing out with no signal. The session cookie is http-only: only the server can end it, and a
// person who taps "Log out" on a shared phone with no signal must still be signed out at once.
// So the phone signs out on its own side and tells the server later:
// - the readable CSRF cookie goes: without it the app asks the server for no session
//   (lib/session.ts) and the server paints no signed-in page for this browser (its app shell
//   paints one only where that cookie is sent);
// - its value is kept, as the one thing the sign-out call needs (the server checks the token of
//   the session it ends), and sent with that call on the app's next start or on reconnection.
// The server's own sign-out clears both cookies once it hears of it.
import { CSRF_COOKIE, PENDING_SIGN_OUT_KEY, readCookie } from './csrf-cookie';

export { PENDING_SIGN_OUT_KEY };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // Blocked (private mode): the sign-out is sent only while the page stays.
  }
}

let heldInMemory: string | undefined;

/**
 * Signs this browser out without the server: the CSRF cookie is removed at once and its token
 * kept for the sign-out call (`sendPendingSignOut`).
 */
export function signOutOnThisDevice(): void {
  const token = readCookie(CSRF_COOKIE);
  if (token) {
    heldInMemory = token;
    storage()?.setItem(PENDING_SIGN_OUT_KEY, token);
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  tries = 0;
  attempt();
}

/** The session a sign-out is still to be sent for, if any. */
export function pendingSignOut(): string | undefined {
  return storage()?.getItem(PENDING_SIGN_OUT_KEY) ?? heldInMemory;
}

function forgetPending() {
  heldInMemory = undefined;
  storage()?.removeItem(PENDING_SIGN_OUT_KEY);
}

/** A sign-in started a new session: the old one is ended by the server with it. */
export function dropPendingSignOut(): void {
  forgetPending();
}

let sending: Promise<void> | undefined;

/**
 * Sends a sign-out made with no signal. Done once the server has answered: ended (204), or
 * refused because the session is gone or a newer one is in place (the token no longer matches:
 * a sign-in since ended the old session). Kept for the next try when the server was not reached.
 */
export function sendPendingSignOut(): Promise<void> {
  const token = pendingSignOut();
  if (!token) return Promise.resolve();
  sending ??= fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-CSRF-Token': token },
  })
    .then((response) => {
      if (response.status < 500) forgetPending();
    })
    .catch(() => undefined) // No signal yet: tried again on reconnection.
    .finally(() => {
      sending = undefined;
    });
  return sending;
}

/** The first wait before a pending sign-out is tried again; it doubles up to the last. */
const RETRY_MS = [5_000, 10_000, 20_000, 60_000];
let tries = 0;
let timer: number | undefined;
let inFlight = false;

/** Sends a pending sign-out now and, while it still waits, again a little later. */
function attempt() {
  if (inFlight || !pendingSignOut()) return;
  inFlight = true;
  window.clearTimeout(timer);
  void sendPendingSignOut().then(() => {
    inFlight = false;
    if (!pendingSignOut()) return;
    timer = window.setTimeout(attempt, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
  });
}

/**
 * Sends a pending sign-out now, on every reconnection, and every so often while it waits (a
 * phone may say it is online while nothing gets through, and then says nothing when it is, and
 * a gateway that answered 503 sends no event at all): called once as the app starts.
 */
export function sendPendingSignOutWhenOnline(): void {
  attempt();
  window.addEventListener('online', attempt);
}
