import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Coordinates,
  availableDonationsQuerySchema,
  createDonationInputSchema,
  createRequestInputSchema,
  donationPageSchema,
  donationSchema,
  deliverMyselfInputSchema,
  extendExpiryInputSchema,
  idParamsSchema,
  myDonationsQuerySchema,
  requestSchema,
} from '@annasetu/domain';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { currentUser, requireAnyRole, requireSignedIn } from '../../plugins/policy.js';
import { logPrivateReads } from '../events/events.queries.js';
import { listPartyRequests } from '../requests/requests.queries.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { presentDonation } from './donations.presenter.js';
import { CAN_DONATE, CAN_REQUEST, donationDetailsView, isPrivateRead } from './donations.policy.js';
import {
  createDonation,
  deleteDonation,
  extendDonationExpiry,
  getDonation,
  requestDonation,
} from './donations.service.js';
import { listAvailable, listMyDonations } from './donation-lists.service.js';
import { deliverDonationMyself } from './self-delivery.service.js';
import type { DonationListRow } from './donations.queries.js';
import type { FeedListRow } from './nearby.queries.js';

const presentOwnRow = (row: DonationListRow) =>
  presentDonation(row.donation, 'full', {
    donorVerified: row.donorVerified,
    distanceKm: row.distanceKm,
  });

// The feeds list donations nobody is matched on yet (or, for volunteers, no volunteer holds):
// everyone, admins included, gets the public view there; the donation's own page shows more.
const presentFeedRow = (center: Coordinates | null) => (row: FeedListRow) =>
  presentDonation(row.donation, 'public', {
    donorVerified: row.donorVerified,
    distanceKm: row.distanceKm,
    center,
  });

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
      const donor = currentUser(request);
      const { donation, request: created } = await createDonation(
        app.database,
        donor,
        request.body,
      );
      return reply.code(201).send({
        donation: presentDonation(donation, 'full'),
        request: created ? presentRequest(created, donor) : null,
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
      return { items: page.items.map(presentOwnRow), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/available',
    {
      preValidation: requireSignedIn,
      // Only roles with a feed (donations.policy.ts feedFor); the service refuses the others.
      config: { errors: [403] },
      // The busiest read: its answer is serialised by a compiled schema, not a zod pass.
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['donations'],
        summary:
          'Donations to collect (volunteers) or request (receivers), optionally within a radius',
        querystring: availableDonationsQuerySchema,
        response: { 200: donationPageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await listAvailable(app.database, user, request.query);
      const { lat, lng } = request.query;
      const center =
        lat !== undefined && lng !== undefined
          ? { lat, lng }
          : user.lat !== null && user.lng !== null
            ? { lat: user.lat, lng: user.lng }
            : null;
      return { items: page.items.map(presentFeedRow(center)), nextCursor: page.nextCursor };
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
      const user = currentUser(request);
      const parties = await listPartyRequests(app.database.db, request.params.id, user.id);
      const found = await getDonation(
        app.database,
        user,
        request.params.id,
        async () => parties.length > 0,
      );
      const view = donationDetailsView(user, found.donation, parties);
      if (view === 'full' && isPrivateRead(user, found.donation)) {
        // Admins read private details for moderation; every such read is in the event log.
        await logPrivateReads(app.database.db, user.id, 'donation', [found.donation.id]);
      }
      return {
        donation: presentDonation(found.donation, view, {
          donorVerified: found.donorVerified,
          donorFssai: found.donorFssai,
        }),
      };
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
    '/:id/self-delivery',
    {
      preValidation: requireAnyRole(...CAN_DONATE),
      schema: {
        tags: ['donations'],
        summary:
          'Deliver a volunteer-delivery donation of mine that nobody took to a receiver myself',
        params: idParamsSchema,
        body: deliverMyselfInputSchema,
        response: { 200: z.object({ donation: donationSchema, request: requestSchema }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await deliverDonationMyself(
        app.database,
        user,
        request.params.id,
        request.body,
      );
      return {
        donation: presentDonation(result.donation, 'full', {}),
        request: presentRequest(result.request, user),
      };
    },
  );

  app.post(
    '/:id/extend',
    {
      preValidation: requireAnyRole(...CAN_DONATE),
      schema: {
        tags: ['donations'],
        summary: 'Keep an uncollected donation of mine on offer longer (1 to 24 hours more)',
        params: idParamsSchema,
        body: extendExpiryInputSchema,
        response: { 200: z.object({ donation: donationSchema }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await extendDonationExpiry(
        app.database,
        user,
        request.params.id,
        request.body.hours,
      );
      return { donation: presentDonation(updated, 'full', {}) };
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
      const requester = currentUser(request);
      const created = await requestDonation(
        app.database,
        requester,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ request: presentRequest(created, requester) });
    },
  );
};

export default donationRoutes;
