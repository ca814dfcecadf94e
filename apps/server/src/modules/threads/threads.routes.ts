import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  pickupThreadSchema,
  threadMessageInputSchema,
  threadMessageSchema,
} from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { postThreadMessage, readThread } from './threads.service.js';

/**
 * The conversation of a pickup (decision 0065): the donor, volunteer and receiver of a matched
 * request talk it through ("On my way", "Food is ready at the back door") without leaving the app.
 */
const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/requests/:id/thread',
    {
      preValidation: requireSignedIn,
      // Anyone but its parties and admins: 403 (decided once the request is read).
      config: { errors: [403] },
      schema: {
        tags: ['workflow'],
        summary:
          "A request's conversation, oldest first (its donor, volunteer and receiver; admins read it, logged)",
        params: idParamsSchema,
        response: { 200: z.object({ thread: pickupThreadSchema }) },
      },
    },
    async (request) => ({
      thread: await readThread(app.database, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/requests/:id/thread',
    {
      preValidation: requireSignedIn,
      // Anyone but its parties: 403; before the match or a week after it ended: 409 THREAD_NOT_OPEN.
      config: { errors: [403, 409] },
      schema: {
        tags: ['workflow'],
        summary:
          'A party of a matched request writes to its conversation: a quick message code or text; the other parties are notified',
        params: idParamsSchema,
        body: threadMessageInputSchema,
        response: { 201: z.object({ message: threadMessageSchema }) },
      },
    },
    async (request, reply) => {
      const message = await postThreadMessage(
        app.database,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ message });
    },
  );
};

export default threadRoutes;
