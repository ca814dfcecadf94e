import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableDonationsQuerySchema,
  createDonationInputSchema,
  createRequestInputSchema,
  donationPageSchema,
  donationSchema,
  idParamsSchema,
  myDonationsQuerySchema,
  requestSchema,
} from '@annasetu/domain';
import { currentUser, requireAnyRole, requireSignedIn } from '../../plugins/policy.js';
import { isInvolvedInDonation } from '../requests/requests.queries.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { presentDonation } from './donations.presenter.js';
import { CAN_DONATE, CAN_REQUEST } from './donations.policy.js';
import {
  createDonation,
  deleteDonation,
  getDonation,
  listAvailable,
  listMyDonations,
  requestDonation,
} from './donations.service.js';
import type { DonationListRow } from './donations.queries.js';

const presentListRow = (row: DonationListRow) =>
  presentDonation(row.donation, { donorVerified: row.donorVerified, distanceKm: row.distanceKm });

/** Posting, listing, finding nearby, deleting and requesting donations. */
const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      preValidation: requireAnyRole(...CAN_DONATE),
      schema: {
        tags: ['donations'],
        summary:
          'Post a donation (donors); self delivery also schedules the delivery to the destination',
        body: createDonationInputSchema,
        response: {
          201: z.object({ donation: donationSchema, request: requestSchema.nullable() }),
        },
      },
    },
    async (request, reply) => {
      const { donation, request: created } = await createDonation(
        app.database,
        currentUser(request),
        request.body,
      );
      return reply.code(201).send({
        donation: presentDonation(donation),
        request: created ? presentRequest(created) : null,
      });
    },
  );

  app.get(
    '/mine',
    {
      preValidation: requireAnyRole(...CAN_DONATE),
      schema: {
        tags: ['donations'],
        summary: "The donor's own donations, newest first",
        querystring: myDonationsQuerySchema,
        response: { 200: donationPageSchema },
      },
    },
    async (request) => {
      const page = await listMyDonations(app.database, currentUser(request), request.query);
      return { items: page.items.map(presentListRow), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/available',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['donations'],
        summary:
          'Donations to collect (volunteers) or request (receivers), optionally within a radius',
        querystring: availableDonationsQuerySchema,
        response: { 200: donationPageSchema },
      },
    },
    async (request) => {
      const page = await listAvailable(app.database, currentUser(request), request.query);
      return { items: page.items.map(presentListRow), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/:id',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['donations'],
        summary: 'One donation',
        params: idParamsSchema,
        response: { 200: z.object({ donation: donationSchema }) },
      },
    },
    async (request) => {
      const found = await getDonation(
        app.database,
        currentUser(request),
        request.params.id,
        (donationId, userId) => isInvolvedInDonation(app.database.db, donationId, userId),
      );
      return { donation: presentDonation(found.donation, { donorVerified: found.donorVerified }) };
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: requireAnyRole(...CAN_DONATE),
      schema: {
        tags: ['donations'],
        summary: 'Delete an uncollected donation of mine; its open requests are cancelled',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDonation(app.database, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/requests',
    {
      preValidation: requireAnyRole(...CAN_REQUEST),
      schema: {
        tags: ['requests'],
        summary: 'Request a pending donation (receivers and individuals); the donor is notified',
        params: idParamsSchema,
        body: createRequestInputSchema,
        response: { 201: z.object({ request: requestSchema }) },
      },
    },
    async (request, reply) => {
      const created = await requestDonation(
        app.database,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ request: presentRequest(created) });
    },
  );
};

export default donationRoutes;
