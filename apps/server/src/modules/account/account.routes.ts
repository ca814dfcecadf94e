import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteAccountInputSchema,
  sessionResponseSchema,
  updateProfileInputSchema,
  myDataExportSchema,
} from '@annasetu/domain';
import { z } from 'zod';
import { deleteAccount, exportUserData } from './account.service.js';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { AppError } from '../../lib/errors.js';
import { fssaiFieldsAfter } from '../users/fssai.policy.js';
import { presentUser } from '../users/users.presenter.js';
import { updateUserProfile } from '../users/users.queries.js';
import { publicSlugAfter } from '../users/public-card.policy.js';

/** The signed-in user's own profile. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
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
      preValidation: requireSignedIn,
      schema: {
        tags: ['account'],
        summary:
          'Edit name, phone, address, location, language, email notifications or the public impact card',
        body: updateProfileInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { coordinates, publicImpact, fssaiNumber, ...rest } = request.body;
      const updated = await updateUserProfile(app.database.db, user.id, {
        ...rest,
        ...(fssaiNumber !== undefined ? fssaiFieldsAfter(user, fssaiNumber) : {}),
        ...(coordinates !== undefined
          ? { lat: coordinates?.lat ?? null, lng: coordinates?.lng ?? null }
          : {}),
        ...(publicImpact !== undefined ? { publicSlug: publicSlugAfter(user, publicImpact) } : {}),
      });
      if (!updated) throw new AppError('UNAUTHENTICATED');
      return { user: presentUser(updated) };
    },
  );

  app.get(
    '/export',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['account'],
        summary: 'Download everything the platform holds about me (JSON)',
        response: {
          200: {
            description: 'Everything held about me, as a JSON file',
            content: { 'application/json': { schema: myDataExportSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const data = await exportUserData(app.database, currentUser(request));
      return (
        reply
          .header(
            'content-disposition',
            `attachment; filename="annasetu-my-data-${data.exportedAt.slice(0, 10)}.json"`,
          )
          .type('application/json')
          // Indented for the person who opens the file; a string is sent as it is, unserialized.
          .send(JSON.stringify(data, null, 2) as never)
      );
    },
  );

  app.delete(
    '',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['account'],
        summary:
          'Delete my account (password required): personal data anonymised, impact totals kept',
        body: deleteAccountInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.database, currentUser(request), request.body.password);
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  );
};

export default meRoutes;
