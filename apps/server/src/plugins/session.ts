import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_HOURS, SESSION_REMEMBER_DAYS } from '@annasetu/domain';
import type { SessionRow, UserRow } from '../db/schema/index.js';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from '../modules/auth/sessions.queries.js';
import type { DbOrTx } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/constant-time.js';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

const HOUR_MS = 3_600_000;
const IDLE_MS = SESSION_IDLE_HOURS * HOUR_MS;
const REMEMBER_MS = SESSION_REMEMBER_DAYS * 24 * HOUR_MS;
// Sliding expiry is written at most this often, so reads do not turn into writes.
const TOUCH_EVERY_MS = 5 * 60_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the session plugin on API routes. */
    user: UserRow | null;
    session: SessionRow | null;
  }
  interface FastifyInstance {
    /** Starts a session for `user` and sets its cookies. */
    startSession(
      db: DbOrTx,
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      persistent: boolean,
    ): Promise<void>;
    /** Ends the request's session and clears its cookies. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The user of a live session cookie, for answers outside the API scope (the signed-in pages'
 * HTML): read only, it neither checks CSRF nor extends the session, which `/api/me` does next.
 */
export async function sessionUser(
  db: DbOrTx,
  cookies: Record<string, string | undefined>,
): Promise<UserRow | null> {
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  return (await findLiveSession(db, hashToken(token)))?.user ?? null;
}

/**
 * Cookie sessions stored in the database, and CSRF defence for them.
 * - The cookie holds a random token; the table holds its hash.
 * - "Remember me" gives a persistent 30-day cookie; otherwise a browser-session cookie whose
 *   server-side session ends after 12 idle hours.
 * - Unsafe methods must come from our own origin (Origin header, when sent) and, when a session
 *   cookie authenticates them, carry the session's CSRF token in `X-CSRF-Token` (the web app
 *   reads it from the readable `csrf_token` cookie).
 */
export default fp(
  async (app, options: { cookieSecure: boolean; publicUrl: string | undefined }) => {
    const cookieBase = {
      path: '/',
      secure: options.cookieSecure,
    } as const;
    const trustedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    app.decorate('startSession', async (db, request, reply, user, persistent) => {
      // A fresh id at every sign-in: a session id planted before sign-in is worthless after it.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(db, hashToken(previous));
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_MS : IDLE_MS));
      await insertSession(db, {
        id: hashToken(token),
        userId: user.id,
        csrfToken,
        persistent,
        expiresAt,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        ip: request.ip,
      });
      const maxAge = persistent ? REMEMBER_MS / 1000 : undefined;
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieBase,
        httpOnly: true,
        sameSite: 'lax',
        ...(maxAge ? { maxAge } : {}),
      });
      reply.setCookie(CSRF_COOKIE, csrfToken, {
        ...cookieBase,
        httpOnly: false,
        sameSite: 'strict',
        ...(maxAge ? { maxAge } : {}),
      });
    });

    app.decorate('endSession', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.database.db, hashToken(token));
      reply.clearCookie(SESSION_COOKIE, { ...cookieBase, httpOnly: true, sameSite: 'lax' });
      reply.clearCookie(CSRF_COOKIE, { ...cookieBase, sameSite: 'strict' });
    });

    app.addHook('onRequest', async (request) => {
      const unsafe = UNSAFE_METHODS.has(request.method);
      if (unsafe) {
        const origin = request.headers.origin;
        if (origin !== undefined) {
          const own = `${request.protocol}://${request.host}`;
          if (origin !== own && origin !== trustedOrigin) throw new AppError('CSRF_INVALID');
        }
      }

      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const id = hashToken(token);
      const found = await findLiveSession(app.database.db, id);
      if (!found) return; // expired or ended: the request is anonymous

      if (unsafe) {
        const header = request.headers[CSRF_HEADER];
        if (typeof header !== 'string' || !safeEqual(header, found.session.csrfToken)) {
          throw new AppError('CSRF_INVALID');
        }
      }
      request.user = found.user;
      request.session = found.session;

      if (
        !found.session.persistent &&
        Date.now() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS
      ) {
        await touchSession(app.database.db, id, new Date(Date.now() + IDLE_MS));
      }
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
