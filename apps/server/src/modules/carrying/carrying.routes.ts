import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectDonationInputSchema,
  collectionSchema,
  confirmReceiptInputSchema,
  destinationInfoSchema,
  idParamsSchema,
  releaseDonationInputSchema,
  requestSchema,
  tripJobsSchema,
} from '@annasetu/domain';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { SIGN_IN_CODE, mayAttempt, type RequestAction } from '../requests/requests.policy.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { grabDonation, releaseDonation } from './carry.service.js';
import { presentCollection } from './collections.presenter.js';
import { acceptIncomingDelivery, collectDonation, fulfilRequest } from './delivery.service.js';
import { listTrip } from './trip.service.js';

const requestResponse = { 200: z.object({ request: requestSchema }) };

/** The route guard of an action: the requests policy's role rule. */
const guard = (action: RequestAction) =>
  requireAllowed((user) => mayAttempt(user, action), SIGN_IN_CODE[action]);

/**
 * Carrying food, from the volunteer's grab to the destination's receipt: grab, release, collect
 * (what was picked up, measured), deliver, accept and confirm what arrived, and the trip of
 * everything a person carries now. Each move is one transaction with the rows locked; a request
 * is asked for, decided and rated in the requests module.
 */
const carryingRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default carryingRoutes;
