import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { AppError } from '../../lib/errors.js';
import { countSubscriptions, deleteSubscription, upsertSubscription } from './push.queries.js';

// A PushSubscription as the browser's toJSON() gives it. Endpoints must be https URLs.
const subscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'INVALID_VALUE' })
    .max(2048, { error: 'INVALID_VALUE' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/, { error: 'INVALID_VALUE' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}=*$/, { error: 'INVALID_VALUE' }),
  }),
});

/** Web Push registration: the public key, subscribe, unsubscribe, and whether I have any. */
const pushRoutes: FastifyPluginAsyncZod<{ publicKey: string }> = async (app, options) => {
  app.get(
    '/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key (applicationServerKey)",
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: options.publicKey }),
  );

  app.get(
    '/subscriptions',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['notifications'],
        summary: 'How many browsers of mine receive push notifications',
        response: { 200: z.object({ count: z.number().int() }) },
      },
    },
    async (request) => ({
      count: await countSubscriptions(app.database.db, currentUser(request).id),
    }),
  );

  app.post(
    '/subscriptions',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['notifications'],
        summary:
          'Register (or refresh) this browser for push notifications; 409 when another account registered it',
        body: subscriptionSchema,
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const stored = await upsertSubscription(app.database.db, {
        userId: currentUser(request).id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      // Another account's browser endpoint is never taken over (its notifications would move).
      if (!stored) throw new AppError('PUSH_ENDPOINT_TAKEN');
      return reply.code(201).send({ ok: true });
    },
  );

  app.delete(
    '/subscriptions',
    {
      preValidation: requireSignedIn,
      // No subscription of mine at this endpoint.
      config: { errors: [404] },
      schema: {
        tags: ['notifications'],
        summary: 'Stop push notifications to this browser',
        body: z.strictObject({ endpoint: z.string().max(2048) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (
        !(await deleteSubscription(app.database.db, currentUser(request).id, request.body.endpoint))
      ) {
        throw new AppError('NOT_FOUND');
      }
      return reply.code(204).send(null);
    },
  );
};

export default pushRoutes;
