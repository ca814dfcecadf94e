import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { feedFor } from '../donations/donations.policy.js';
import { streamKeyOf, type LiveEvent } from '../../lib/live.js';
import { AppError } from '../../lib/errors.js';
import { mediaAnswer } from '../../lib/openapi.js';

const HEARTBEAT_MS = 25_000;
/** Seconds a stream refused for its user's or address's cap should wait before trying again. */
const FULL_RETRY_AFTER_S = 10;

/**
 * GET /api/events: a server-sent event stream of changes for the signed-in user (new
 * notifications, donations and requests they can see). Each event carries its id; a browser that
 * reconnects sends Last-Event-ID and gets what it missed, or `resync` when too much time passed.
 * A comment every 25 s keeps proxies from closing an idle stream. The stream closes when its
 * session ends (sign-out, password reset, suspension, account deletion), on any instance.
 */
const liveRoutes: FastifyPluginAsyncZod<{
  maxPerUser: number;
  maxPerAddress: number;
  maxTotal: number;
}> = async (app, options) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
      config: { rateLimit: false },
      schema: {
        tags: ['notifications'],
        summary: 'Live updates (text/event-stream)',
        response: { 200: mediaAnswer('text/event-stream', 'The event stream') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A stream holds a connection for as long as it is open: a few per user and per address
      // (429), and a bounded number on this instance (503 SERVICE_BUSY); both say Retry-After,
      // and the app works without live updates meanwhile.
      if (app.live.size >= options.maxTotal) {
        request.log.warn({ open: app.live.size }, 'event stream refused: instance full');
        throw new AppError('SERVICE_BUSY');
      }
      const open = app.live.countOf(user.id, request.ip);
      if (open.user >= options.maxPerUser || open.address >= options.maxPerAddress) {
        request.log.warn({ userId: user.id, open }, 'event stream refused: too many open');
        void reply.header('retry-after', String(FULL_RETRY_AFTER_S));
        throw new AppError('RATE_LIMITED');
      }
      const session = request.session!;
      const subscriber = {
        userId: user.id,
        seesFeed: feedFor(user) !== null,
        streamKey: streamKeyOf(session.id),
        sessionId: session.id,
        expiresAt: session.expiresAt,
        address: request.ip,
      };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass events through at once
      });
      const write = (event: LiveEvent) =>
        res.write(
          `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify({ kind: event.kind, ...event.data })}\n\n`,
        );
      res.write(`retry: 3000\n: connected\n\n`);

      const lastEventId = Number(request.headers['last-event-id']);
      if (Number.isFinite(lastEventId) && lastEventId > 0) {
        const missed = app.live.replay(subscriber, lastEventId);
        if (missed === null) res.write(`event: resync\ndata: {}\n\n`);
        else missed.forEach(write);
      } else {
        // A fresh stream: tell the client where it starts, so its first reconnect can resume.
        res.write(`id: ${app.live.latestId}\nevent: ready\ndata: {}\n\n`);
      }

      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const unsubscribe = app.live.subscribe({
        ...subscriber,
        send: write,
        close: () => {
          clearInterval(heartbeat);
          res.end();
        },
      });
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
};

export default liveRoutes;
