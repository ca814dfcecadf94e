import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@annasetu/domain';
import { ConnectionWaitTimeoutError, DatabaseBrokenError } from '../db/pglite-gate.js';
import { AppError } from '../lib/errors.js';
import { hasBody } from './client-limits.js';

/** Why a request was turned away. */
export type ShedReason = 'in_flight' | 'database' | 'storage';

/** Counters the metrics read. */
export interface OverloadState {
  /** API requests being handled now. */
  readonly inFlight: number;
  readonly shed: Record<ShedReason, number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    overload: OverloadState;
  }
}

/** Seconds a client should wait before trying again, per code (sent as Retry-After). */
const RETRY_AFTER: Partial<Record<ErrorCode, number>> = {
  SERVICE_BUSY: 2,
  STORAGE_UNAVAILABLE: 60,
};

export function retryAfterFor(code: ErrorCode): number | undefined {
  return RETRY_AFTER[code];
}

// pg-pool's message when no connection became free within connectionTimeoutMillis.
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';
// PostgreSQL: statement_timeout (57014), lock_timeout (55P03); disk full (53100), I/O (58030).
const BUSY_SQLSTATES = new Set(['57014', '55P03']);
const STORAGE_SQLSTATES = new Set(['53100', '58030']);
// The file system refused a write: full, over quota, or mounted read-only.
const STORAGE_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/**
 * Recognises a failure that means "the server is overloaded or cannot write", wherever it was
 * wrapped (Drizzle puts the driver's error in `cause`), and names the answer: SERVICE_BUSY for a
 * database that did not answer in time, STORAGE_UNAVAILABLE for a disk that refused a write.
 */
export function classifyOverload(error: unknown): { code: ErrorCode; reason: ShedReason } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof ConnectionWaitTimeoutError) {
      return { code: 'SERVICE_BUSY', reason: 'database' };
    }
    if (current instanceof DatabaseBrokenError) {
      return { code: 'STORAGE_UNAVAILABLE', reason: 'storage' };
    }
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (BUSY_SQLSTATES.has(code)) return { code: 'SERVICE_BUSY', reason: 'database' };
      if (STORAGE_SQLSTATES.has(code) || STORAGE_ERRNOS.has(code)) {
        return { code: 'STORAGE_UNAVAILABLE', reason: 'storage' };
      }
    }
    if (typeof message === 'string' && message.includes(POOL_TIMEOUT)) {
      return { code: 'SERVICE_BUSY', reason: 'database' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The AppError to answer with for an overload failure, or undefined for any other error. */
export function overloadError(error: unknown): AppError | undefined {
  const found = classifyOverload(error);
  return found ? new AppError(found.code) : undefined;
}

/**
 * Routes outside the cap: health must answer while the API is saturated, an event stream lasts
 * as long as the tab is open, and static files, docs and metrics do not touch the database.
 */
function isCapped(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route) return false;
  if (route === '/api/health' || route === '/api/events' || route.startsWith('/api/docs')) {
    return false;
  }
  return route.startsWith('/api/') || route === '/chat';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Free bytes in `dir`, looked up at most once a second (statfs is cheap, but not free on every
 * request). Undefined when the file system cannot tell.
 */
function freeSpaceProbe(dir: string): () => number | undefined {
  let checkedAt = 0;
  let free: number | undefined;
  return () => {
    const now = Date.now();
    if (now - checkedAt >= 1_000) {
      checkedAt = now;
      try {
        const stats = fs.statfsSync(dir);
        free = stats.bavail * stats.bsize;
      } catch {
        free = undefined;
      }
    }
    return free;
  };
}

/**
 * Load shedding for the API. At most `maxInFlight` API requests are handled at once (a request
 * with a body counts from when its body has arrived); one more
 * gets 503 SERVICE_BUSY with Retry-After at once instead of queueing. Requests already in
 * flight cannot wait on the database for ever either: the database client bounds the wait for
 * a connection and (PostgreSQL) each statement, and those failures become 503 SERVICE_BUSY in
 * the error handler (see classifyOverload).
 */
export default fp(
  async (app, options: { maxInFlight: number; dataDir?: string; diskMinFreeBytes?: number }) => {
    const minFree = options.diskMinFreeBytes ?? 0;
    const freeSpace = options.dataDir && minFree > 0 ? freeSpaceProbe(options.dataDir) : undefined;
    let inFlight = 0;
    const shed: Record<ShedReason, number> = { in_flight: 0, database: 0, storage: 0 };
    app.decorate('overload', {
      get inFlight() {
        return inFlight;
      },
      shed,
    });

    const releases = new WeakMap<FastifyRequest, () => void>();
    // Takes a place among the requests being handled, or answers 503 at once.
    const shedNow = (request: FastifyRequest, reply: FastifyReply) => {
      shed.in_flight += 1;
      request.log.warn({ inFlight }, 'request shed: too many in flight');
      const busy = new AppError('SERVICE_BUSY');
      return reply
        .code(busy.statusCode)
        .header('retry-after', String(RETRY_AFTER.SERVICE_BUSY))
        .send(busy.toBody());
    };
    const admit = (request: FastifyRequest, reply: FastifyReply) => {
      if (inFlight >= options.maxInFlight) return shedNow(request, reply);
      inFlight += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight -= 1;
      };
      releases.set(request, release);
      // A client that goes away frees its place as well as one that got its answer.
      reply.raw.once('close', release);
      return undefined;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!isCapped(request)) return;
      // Writes stop while the disk still has room: PGlite must never meet a full disk inside a
      // transaction, where PostgreSQL PANICs and the embedded engine blocks the process.
      const free = freeSpace && !SAFE_METHODS.has(request.method) ? freeSpace() : undefined;
      if (free !== undefined && free < minFree) {
        shed.storage += 1;
        request.log.warn({ free, minFree }, 'write refused: the data directory is nearly full');
        const full = new AppError('STORAGE_UNAVAILABLE');
        return reply
          .code(full.statusCode)
          .header('retry-after', String(RETRY_AFTER.STORAGE_UNAVAILABLE))
          .send(full.toBody());
      }
      // A request with a body takes its place once the body is in (preValidation): a client
      // sending slowly holds a connection, never a place among the handlers (decision 0020).
      // When every place is taken it is refused now all the same, before any database work.
      if (hasBody(request))
        return inFlight >= options.maxInFlight ? shedNow(request, reply) : undefined;
      return admit(request, reply);
    });
    app.addHook('preValidation', async (request, reply) => {
      if (!isCapped(request) || !hasBody(request) || releases.has(request)) return;
      return admit(request, reply);
    });
    app.addHook('onResponse', async (request) => {
      releases.get(request)?.();
    });
    app.addHook('onError', async (_request, _reply, error) => {
      const found = classifyOverload(error);
      if (found) shed[found.reason] += 1;
    });
  },
  { name: 'overload' },
);
