import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIST_LIMITS,
  collectDonationInputSchema,
  collectionSchema,
  confirmReceiptInputSchema,
  destinationInfoSchema,
  feedbackInputSchema,
  feedbackSchema,
  idParamsSchema,
  releaseDonationInputSchema,
  requestListQuerySchema,
  requestPageSchema,
  requestSchema,
  tripJobsSchema,
} from '@annasetu/domain';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { presentCollection } from '../collections/collections.presenter.js';
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
import { grabDonation, releaseDonation } from './carry.service.js';
import { acceptIncomingDelivery, collectDonation, fulfilRequest } from './delivery.service.js';
import {
  acceptRequest,
  listIncoming,
  listMyRequests,
  listTrip,
  rejectRequest,
  withdrawRequest,
} from './requests.service.js';

const requestResponse = { 200: z.object({ request: requestSchema }) };

/** The route guard of an action: the requests policy's role rule. */
const guard = (action: RequestAction) =>
  requireAllowed((user) => mayAttempt(user, action), SIGN_IN_CODE[action]);

/**
 * The workflow after a request exists: donor decides, volunteer grabs / releases / collects /
 * delivers, destination accepts and confirms. Each move is one transaction with the rows locked.
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
    '/requests/trip',
    {
      preValidation: guard('trip'),
      schema: {
        tags: ['requests'],
        summary:
          'The live jobs I carry (volunteer: accepted or collected; donor: my self deliveries), oldest first, with their pickup and drop-off points',
        response: { 200: tripJobsSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const jobs = await listTrip(app.database, user);
      return {
        items: jobs.map((r) => presentRequest(r, user, { points: r.points, food: r.food })),
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
    '/donations/:id/grab',
    {
      preValidation: guard('grab'),
      schema: {
        tags: ['workflow'],
        summary: 'Volunteer claims a donation to carry (atomic: one winner)',
        params: idParamsSchema,
        response: { 201: z.object({ request: requestSchema }) },
      },
    },
    async (request, reply) => {
      const created = await grabDonation(app.database, currentUser(request), request.params.id);
      return reply.code(201).send({ request: presentRequest(created, currentUser(request)) });
    },
  );

  app.post(
    '/donations/:id/release',
    {
      preValidation: guard('release'),
      schema: {
        tags: ['workflow'],
        summary: 'Volunteer gives a grabbed donation back before collecting it',
        params: idParamsSchema,
        body: releaseDonationInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await releaseDonation(
        app.database,
        currentUser(request),
        request.params.id,
        request.body.reason,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/collections',
    {
      preValidation: guard('collect'),
      // The donation named in the body was deleted meanwhile (DONATION_GONE).
      config: { errors: [404] },
      schema: {
        tags: ['workflow'],
        summary: 'Volunteer records a collection: quality, destination, notes',
        body: collectDonationInputSchema,
        response: {
          201: z.object({
            request: requestSchema,
            collection: collectionSchema,
            destination: destinationInfoSchema,
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await collectDonation(app.database, currentUser(request), request.body);
      return reply.code(201).send({
        request: presentRequest(result.request, currentUser(request)),
        collection: presentCollection(result.collection),
        destination: result.destination,
      });
    },
  );

  app.post(
    '/requests/:id/complete',
    {
      preValidation: guard('complete'),
      schema: {
        tags: ['workflow'],
        summary: 'Volunteer marks a collected request delivered (+5 tokens, once)',
        params: idParamsSchema,
        response: requestResponse,
      },
    },
    async (request) => ({
      request: presentRequest(
        await fulfilRequest(app.database, currentUser(request), request.params.id, 'volunteer'),
        currentUser(request),
      ),
    }),
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

  app.post(
    '/requests/:id/accept-delivery',
    {
      preValidation: guard('acceptDelivery'),
      schema: {
        tags: ['workflow'],
        summary: 'Destination accepts an incoming delivery',
        params: idParamsSchema,
        response: requestResponse,
      },
    },
    async (request) => ({
      request: presentRequest(
        await acceptIncomingDelivery(app.database, currentUser(request), request.params.id),
        currentUser(request),
      ),
    }),
  );

  app.post(
    '/requests/:id/confirm-receipt',
    {
      preValidation: guard('confirmReceipt'),
      schema: {
        tags: ['workflow'],
        summary:
          "Destination confirms receipt; for a self delivery it records the food's condition",
        params: idParamsSchema,
        body: confirmReceiptInputSchema,
        response: requestResponse,
      },
    },
    async (request) => ({
      request: presentRequest(
        await fulfilRequest(
          app.database,
          currentUser(request),
          request.params.id,
          'destination',
          request.body,
        ),
        currentUser(request),
      ),
    }),
  );
};

export default requestRoutes;
