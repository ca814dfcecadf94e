import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { feedFor } from '../donations/donations.policy.js';
import type { LiveEvent } from '../../lib/live.js';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: a server-sent event stream of changes for the signed-in user (new
 * notifications, donations and requests they can see). Each event carries its id; a browser that
 * reconnects sends Last-Event-ID and gets what it missed, or `resync` when too much time passed.
 * A comment every 25 s keeps proxies from closing an idle stream.
 */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
      config: { rateLimit: false },
      schema: { tags: ['notifications'], summary: 'Live updates (text/event-stream)' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const subscriber = { userId: user.id, seesFeed: feedFor(user) !== null };
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
