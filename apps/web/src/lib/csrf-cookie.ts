/**
 * Readable cookie the server sets beside the (http-only) session cookie, with the same life: a
 * page's boot script reads it to know a session exists before any of the app has loaded.
 */
export const CSRF_COOKIE = 'csrf_token';

/**
 * Where the token of a session signed out with no signal waits to be sent
 * (lib/pending-sign-out.ts); here so that a page's boot script can look without loading more.
 */
export const PENDING_SIGN_OUT_KEY = 'annasetu.signOutPending';

/** Reads one cookie at call time: the CSRF token changes at every sign-in. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
