import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What signed-in answers carry: stored by the browser only, asked again every time. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

// Sign-in and admin answers stay out of any cache; an event stream is not a document.
// The public figures (`/api/public/`) are shared-cacheable and carry their own validators.
export const EXCLUDED_PREFIXES = [
  '/api/auth/',
  '/api/admin/',
  '/api/events',
  '/api/health',
  '/api/public/',
];

/**
 * A weak validator for `payload` as `userId` sees it. The user is part of the tag: two people
 * who happen to get the same body (an empty feed) never share a tag, so one person's tag can
 * never unlock a 304 for another's request.
 */
export function entityTag(userId: string | null, payload: string | Buffer): string {
  const digest = createHash('sha256')
    .update(userId ?? '-')
    .update('\0')
    .update(payload)
    .digest('base64url')
    .slice(0, 27);
  return `W/"${digest}"`;
}

/**
 * Whether an `If-None-Match` header matches `tag`, by the weak comparison RFC 9110 prescribes
 * for GET (`W/` ignored on both sides); the header may list several tags or be `*`.
 */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => opaque(candidate) === wanted);
}

/** Answers 304 with no body when the request's validator matches; true when it did. */
export function replyNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
): boolean {
  reply.header('etag', tag);
  if (!noneMatch(request.headers['if-none-match'], tag)) return false;
  reply.code(304);
  return true;
}

/**
 * Conditional GET for the API: a successful GET (profile, feeds, lists, statistics) carries a
 * weak ETag computed from its body and the signed-in user, and `Cache-Control: private,
 * no-cache` (the browser keeps it, a shared cache never does, and it is asked again every
 * time). A GET whose `If-None-Match` holds that tag gets 304 with no body: a phone refreshing an
 * unchanged feed downloads a few hundred bytes of headers instead of the page. The answer is
 * computed as before, so authorization and freshness are exactly those of a 200.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const path = request.url.split('?')[0]!;
      if (EXCLUDED_PREFIXES.some((prefix) => path.startsWith(prefix))) return payload;
      if (reply.hasHeader('etag')) return payload;
      reply.header('cache-control', PRIVATE_REVALIDATE);
      // The answer depends on the session cookie: a cache keyed on the URL alone must not mix
      // two people's answers up.
      reply.header('vary', 'Cookie');
      const tag = entityTag(request.user?.id ?? null, payload);
      return replyNotModified(request, reply, tag) ? '' : payload;
    });
  },
  { name: 'conditional-get', dependencies: ['session'] },
);
