import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that was replayed from the store rather than produced again. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept (a phone may stay offline for days). */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3_600_000;

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Sign-in, sign-out and password routes set cookies: their answers are never replayed.
export const EXCLUDED_PREFIX = '/api/auth/';

interface Options {
  /** Longest time a duplicate waits for the first request's answer before a 409. */
  waitMs?: number;
  /** A `running` claim older than this was left by a crashed instance and may be taken over. */
  takeoverMs?: number;
}

interface Claim {
  userId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when sent. */
    idempotencyClaim: Claim | null;
  }
}

/** Key order does not change what a JSON body means, so it must not change the fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same": method, route, params and body. A multipart upload's body
 * is a stream the handler reads, so its size stands in for it (the boundary varies per send).
 */
function fingerprintOf(request: FastifyRequest): string {
  const multipart = request.isMultipart();
  const body = multipart
    ? { multipartBytes: request.headers['content-length'] ?? null }
    : request.body;
  return createHash('sha256')
    .update(
      canonical({
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        params: request.params ?? null,
        body: body ?? null,
      }),
    )
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims `key` for `userId` atomically: inserts a `running` row, or takes over a `running` row
 * whose claim is older than `takeoverMs` with the same fingerprint. True when this request won.
 */
async function claimKey(
  db: DbOrTx,
  userId: string,
  key: string,
  fingerprint: string,
  takeoverMs: number,
): Promise<boolean> {
  const now = new Date();
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      userId,
      key,
      fingerprint,
      status: 'running',
      createdAt: now,
      claimedAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return true;
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ claimedAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.fingerprint, fingerprint),
        eq(idempotencyKeys.status, 'running'),
        lt(idempotencyKeys.claimedAt, new Date(now.getTime() - takeoverMs)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0;
}

/** Deletes keys whose time is up; run by the expiry job. Returns how many went. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/**
 * Exactly-once unsafe requests. A signed-in user's POST/PUT/PATCH/DELETE with an
 * `Idempotency-Key` header claims the key in the database before the handler runs (one row per
 * user and key, shared by every instance). The answer (status and body) is stored when sent; a
 * replay gets that answer with `Idempotent-Replayed: true` and changes nothing. The same key on
 * a different request is refused with 422 IDEMPOTENCY_KEY_REUSED. A replay that arrives while
 * the first is still running waits for its answer (up to `waitMs`), then gets 409
 * IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After. Answers of 5xx, 429 and 401 are not kept: the
 * action did not happen, so the key is released for the retry.
 */
export default fp(
  async (app, options: Options) => {
    const waitMs = options.waitMs ?? 15_000;
    const takeoverMs = options.takeoverMs ?? 60_000;
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined || !UNSAFE_METHODS.has(request.method)) return;
      if (request.url.startsWith(EXCLUDED_PREFIX)) return;
      if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
        throw new AppError('IDEMPOTENCY_KEY_INVALID');
      }
      // Keys are per user; an anonymous request is refused by its route anyway.
      const user = request.user;
      if (!user) return;
      const db = app.database.db;
      const fingerprint = fingerprintOf(request);
      const deadline = Date.now() + waitMs;
      let pause = 25;
      for (;;) {
        if (await claimKey(db, user.id, header, fingerprint, takeoverMs)) {
          request.idempotencyClaim = { userId: user.id, key: header };
          return;
        }
        const [row] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, header)));
        if (!row) continue; // released (the first attempt failed): claim it again
        if (row.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (row.status === 'done') {
          reply.header(REPLAYED_HEADER, 'true').code(row.responseStatus ?? 200);
          if (row.responseType) reply.type(row.responseType);
          return reply.send(row.responseBody ?? undefined);
        }
        if (Date.now() >= deadline) {
          reply.header('retry-after', '2');
          throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
        }
        await sleep(pause);
        pause = Math.min(pause * 2, 250);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      const where = and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
      );
      const status = reply.statusCode;
      const keep =
        status < 500 &&
        status !== 429 &&
        status !== 401 &&
        (payload === null ||
          payload === undefined ||
          typeof payload === 'string' ||
          Buffer.isBuffer(payload));
      if (!keep) {
        await app.database.db.delete(idempotencyKeys).where(where);
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await app.database.db
        .update(idempotencyKeys)
        .set({
          status: 'done',
          responseStatus: status,
          responseType: typeof contentType === 'string' ? contentType : null,
          responseBody:
            payload === null || payload === undefined
              ? null
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : (payload as string),
        })
        .where(where);
      return payload;
    });

    // A request that never reached onSend (the client went away) releases its claim.
    app.addHook('onResponse', async (request) => {
      const claim = request.idempotencyClaim;
      if (!claim) return;
      request.idempotencyClaim = null;
      await app.database.db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, claim.userId),
            eq(idempotencyKeys.key, claim.key),
            eq(idempotencyKeys.status, 'running'),
          ),
        );
    });
  },
  { name: 'idempotency', dependencies: ['database', 'session'] },
);
