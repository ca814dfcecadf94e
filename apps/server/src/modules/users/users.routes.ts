import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema, updateProfileInputSchema } from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { AppError } from '../../lib/errors.js';
import { presentUser } from './users.presenter.js';
import { updateUserProfile } from './users.queries.js';

/** The signed-in user's own profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({ user: presentUser(currentUser(request)) }),
  );

  app.patch(
    '',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['account'],
        summary: 'Edit name, phone, address, location or language',
        body: updateProfileInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { coordinates, ...rest } = request.body;
      const updated = await updateUserProfile(app.database.db, user.id, {
        ...rest,
        ...(coordinates !== undefined
          ? { lat: coordinates?.lat ?? null, lng: coordinates?.lng ?? null }
          : {}),
      });
      if (!updated) throw new AppError('UNAUTHENTICATED');
      return { user: presentUser(updated) };
    },
  );
};

export default meRoutes;
