import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientLimits } from '../config/env.js';
import { AppError } from '../lib/errors.js';

/** What the limits did, for metrics and tests. */
export interface ClientLimitsState {
  /** Request bodies arriving now. */
  readonly bodiesArriving: number;
  /** Connections refused because their address had too many open. */
  connectionsRefused: number;
  /** Requests refused because their address already had too many bodies arriving. */
  bodiesRefused: number;
  /** Bodies cut off for being too slow. */
  bodiesCut: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    clientLimits: ClientLimitsState;
  }
}

/** Whether a request announces a body (a length above zero, or chunked). */
export function hasBody(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

interface ArrivingBody {
  request: FastifyRequest;
  socket: Socket;
  address: string;
  startedAt: number;
  startBytes: number;
}

const SWEEP_MS = 1_000;

/**
 * Keeps a slow or greedy client from holding the server (decision 0020):
 * - connections per socket address are capped (not behind a trusted proxy, where every
 *   connection comes from the proxy: it caps them there);
 * - request bodies arriving at once are capped per client address, separately from the handler
 *   cap in the overload plugin, which counts a request only once its body is in;
 * - a body still arriving after `bodyTimeoutMs` is cut (its connection closed) unless it has kept
 *   up the minimum rate on average, so a photo on a slow line finishes and a byte every few
 *   seconds does not.
 * The header deadline is Node's `headersTimeout`, set where the server is created (app.ts).
 */
export default fp(
  async (app, options: { limits: ClientLimits; trustProxy: boolean }) => {
    const { limits } = options;
    const state = {
      connectionsRefused: 0,
      bodiesRefused: 0,
      bodiesCut: 0,
      get bodiesArriving() {
        return arriving.size;
      },
    };
    app.decorate('clientLimits', state);

    // Connections per socket address. Inject (tests) has no server socket events: no effect.
    if (limits.maxConnections > 0) app.server.maxConnections = limits.maxConnections;
    if (!options.trustProxy && limits.maxConnectionsPerAddress > 0) {
      const open = new Map<string, number>();
      app.server.on('connection', (socket: Socket) => {
        const address = socket.remoteAddress ?? '';
        const count = open.get(address) ?? 0;
        if (count >= limits.maxConnectionsPerAddress) {
          state.connectionsRefused += 1;
          socket.destroy();
          return;
        }
        open.set(address, count + 1);
        socket.once('close', () => {
          const left = (open.get(address) ?? 1) - 1;
          if (left <= 0) open.delete(address);
          else open.set(address, left);
        });
      });
    }

    // Bodies arriving, per client address. This hook runs before every other plugin's.
    const arriving = new Set<ArrivingBody>();
    const perAddress = new Map<string, number>();
    const release = (body: ArrivingBody) => {
      if (!arriving.delete(body)) return;
      const left = (perAddress.get(body.address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(body.address);
      else perAddress.set(body.address, left);
    };

    // From the first hook on: a request answered early (429, 400, 503) leaves its body to be
    // read and discarded by Node, which must not take longer than anyone else's.
    app.addHook('onRequest', async (request, reply) => {
      if (!hasBody(request) || request.raw.complete) return;
      const socket = request.raw.socket as Socket | undefined;
      // app.inject has no network connection: nothing can arrive slowly.
      if (typeof socket?.bytesRead !== 'number' || typeof socket.destroy !== 'function') return;
      const address = request.ip;
      const count = perAddress.get(address) ?? 0;
      if (count >= limits.maxBodiesPerAddress) {
        state.bodiesRefused += 1;
        request.log.warn({ ip: address, count }, 'request refused: too many bodies arriving');
        // The unread body is not waited for: the connection closes after this answer.
        const limited = new AppError('RATE_LIMITED');
        return reply
          .code(limited.statusCode)
          .header('connection', 'close')
          .header('retry-after', '5')
          .send(limited.toBody());
      }
      const body: ArrivingBody = {
        request,
        socket,
        address,
        startedAt: Date.now(),
        startBytes: socket.bytesRead,
      };
      arriving.add(body);
      perAddress.set(address, count + 1);
      // 'end' does not start the stream flowing (a 'data' listener would): the parser reads it.
      request.raw.once('end', () => release(body));
      socket.once('close', () => release(body));
    });

    // One timer for all bodies: the slow ones are cut.
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const body of arriving) {
        if (body.request.raw.complete || body.socket.destroyed) {
          release(body);
          continue;
        }
        const elapsedMs = now - body.startedAt;
        if (elapsedMs <= limits.bodyTimeoutMs) continue;
        const received = body.socket.bytesRead - body.startBytes;
        const rate = received / (elapsedMs / 1000);
        if (limits.bodyMinBytesPerSecond > 0 && rate >= limits.bodyMinBytesPerSecond) continue;
        state.bodiesCut += 1;
        body.request.log.warn(
          { ip: body.address, elapsedMs, received },
          'request body too slow: connection closed',
        );
        release(body);
        body.socket.destroy();
      }
    }, SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'client-limits' },
);
