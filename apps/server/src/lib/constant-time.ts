import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (a CSRF token, a webhook's verify token) are equal, in a time that does not
 * depend on where they first differ.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
