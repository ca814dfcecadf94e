/**
 * Readable cookie the server sets beside the (http-only) session cookie, with the same life: a
 * page's boot script reads it to know a session exists before any of the app has loaded.
 */
export const CSRF_COOKIE = 'csrf_token';
