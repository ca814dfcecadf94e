import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIST_LIMITS,
  feedbackInputSchema,
  feedbackSchema,
  idParamsSchema,
  requestListQuerySchema,
  requestPageSchema,
  requestSchema,
} from '@annasetu/domain';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { logPrivateReads } from '../events/events.queries.js';
import { giveFeedback } from './feedback.service.js';
import { presentFeedback, presentRequest } from './requests.presenter.js';
import {
  SIGN_IN_CODE,
  isRequestParty,
  mayAttempt,
  seesEveryRequest,
  type RequestAction,
} from './requests.policy.js';
import {
  acceptRequest,
  listIncoming,
  listMyRequests,
  rejectRequest,
  withdrawRequest,
} from './requests.service.js';

const requestResponse = { 200: z.object({ request: requestSchema }) };

/** The route guard of an action: the requests policy's role rule. */
const guard = (action: RequestAction) =>
  requireAllowed((user) => mayAttempt(user, action), SIGN_IN_CODE[action]);

/**
 * A request's own life: listed for its parties, decided by the donor, withdrawn by its
 * requester, rated once fulfilled. Carrying the food (grab to receipt) is the carrying module's.
 */
const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/requests',
    {
      preValidation: guard('list'),
      schema: {
        tags: ['requests'],
        summary:
          'Requests I take part in (as requester, donor, volunteer or destination), newest first',
        querystring: requestListQuerySchema,
        response: { 200: requestPageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await listMyRequests(app.database, user, request.query);
      if (seesEveryRequest(user)) {
        // Admins list every request for support: each one shown is a logged private read.
        const others = page.items.filter((r) => !isRequestParty(user, r));
        await logPrivateReads(
          app.database.db,
          user.id,
          'request',
          others.map((r) => r.id),
        );
      }
      return {
        items: page.items.map((r) =>
          presentRequest(r, user, { points: r.points, food: r.food, feedback: page.feedback }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/requests/incoming',
    {
      preValidation: guard('listIncoming'),
      schema: {
        tags: ['requests'],
        summary:
          'Incoming deliveries: requests whose destination is me (accepted, collected, fulfilled)',
        response: { 200: z.object({ items: z.array(requestSchema) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const list = await listIncoming(app.database, user, LIST_LIMITS.pendingDonationsScreen);
      return {
        items: list.items.map((r) => presentRequest(r, user, { feedback: list.feedback })),
      };
    },
  );

  app.post(
    '/requests/:id/accept',
    {
      preValidation: guard('accept'),
      schema: {
        tags: ['requests'],
        summary: "Donor accepts a receiver's request",
        params: idParamsSchema,
        response: requestResponse,
      },
    },
    async (request) => ({
      request: presentRequest(
        await acceptRequest(app.database, currentUser(request), request.params.id),
        currentUser(request),
      ),
    }),
  );

  app.post(
    '/requests/:id/reject',
    {
      preValidation: guard('reject'),
      schema: {
        tags: ['requests'],
        summary: "Donor declines a receiver's request",
        params: idParamsSchema,
        response: requestResponse,
      },
    },
    async (request) => ({
      request: presentRequest(
        await rejectRequest(app.database, currentUser(request), request.params.id),
        currentUser(request),
      ),
    }),
  );

  app.delete(
    '/requests/:id',
    {
      preValidation: guard('withdraw'),
      schema: {
        tags: ['requests'],
        summary: 'Withdraw my pending request',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await withdrawRequest(app.database, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/requests/:id/feedback',
    {
      preValidation: guard('rate'),
      schema: {
        tags: ['workflow'],
        summary:
          'After fulfilment the donor rates the pickup, the destination rates the food (once each)',
        params: idParamsSchema,
        body: feedbackInputSchema,
        response: { 201: z.object({ feedback: feedbackSchema, request: requestSchema }) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await giveFeedback(app.database, user, request.params.id, request.body);
      return reply.code(201).send({
        feedback: presentFeedback(result.feedback),
        request: presentRequest(result.request, user, { feedback: result.view }),
      });
    },
  );
};

export default requestRoutes;
