// Signing out with no signal. The session cookie is http-only: only the server can end it, and a
// person who taps "Log out" on a shared phone with no signal must still be signed out at once.
// So the phone signs out on its own side and tells the server later:
// - the readable CSRF cookie goes: without it the app asks the server for no session
//   (lib/session.ts) and the server paints no signed-in page for this browser (its app shell
//   paints one only where that cookie is sent);
// - its value is kept, as the one thing the sign-out call needs (the server checks the token of
//   the session it ends), and sent with that call on the app's next start or on reconnection.
// The server's own sign-out clears both cookies once it hears of it.
import { CSRF_COOKIE, readCookie } from './api-client';

/** Where the token of a session signed out with no signal waits to be sent. */
export const PENDING_SIGN_OUT_KEY = 'annasetu.signOutPending';

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

/** Sends a pending sign-out now and on every reconnection (called once as the app starts). */
export function sendPendingSignOutWhenOnline(): void {
  void sendPendingSignOut();
  window.addEventListener('online', () => void sendPendingSignOut());
}
