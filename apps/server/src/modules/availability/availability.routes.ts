import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityInputSchema, availabilitySchema } from '@annasetu/domain';
import { currentUser, requireAnyRole } from '../../plugins/policy.js';
import { getAvailability, saveAvailability } from './availability.service.js';

/** A volunteer's own days, hours, area and daily pickup cap. */
const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['availability'],
        summary: "The volunteer's availability (null until set) and today's pickups",
        response: { 200: z.object({ availability: availabilitySchema.nullable() }) },
      },
    },
    async (request) => ({
      availability: await getAvailability(app.database, currentUser(request)),
    }),
  );

  app.put(
    '',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['availability'],
        summary: 'Set days, hours, home area and radius, and the most pickups per day',
        body: availabilityInputSchema,
        response: { 200: z.object({ availability: availabilitySchema }) },
      },
    },
    async (request) => ({
      availability: await saveAvailability(app.database, currentUser(request), request.body),
    }),
  );
};

export default availabilityRoutes;
