import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIST_LIMITS, RECEIVER_ROLES, ROLES, userSummarySchema } from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { AppError } from '../../lib/errors.js';
import { listUsersByRole } from './users.queries.js';

const usersByRoleQuerySchema = z.strictObject({
  role: z.enum(ROLES, { error: 'INVALID_VALUE' }),
  limit: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(LIST_LIMITS.usersByRoleScreen, { error: 'INVALID_VALUE' })
    .default(LIST_LIMITS.usersByRoleDefault),
});

/**
 * "users by role" (seed section 7): the destination pickers list receivers (food banks,
 * nurseries, poultry farms). Other roles are listed to admins only.
 */
const usersDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['account'],
        summary: 'Users of one role (receivers for everyone; any role for admins)',
        querystring: usersByRoleQuerySchema,
        response: { 200: z.object({ items: z.array(userSummarySchema) }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { role, limit } = request.query;
      if (user.role !== 'admin' && !(RECEIVER_ROLES as readonly string[]).includes(role)) {
        throw new AppError('FORBIDDEN');
      }
      const rows = await listUsersByRole(app.database.db, role, limit);
      return {
        items: rows.map((u) => ({
          id: u.id,
          role: u.role,
          name: u.name,
          organizationName: u.organizationName,
          address: u.address,
          phone: u.phone,
          email: u.email,
          coordinates: u.lat !== null && u.lng !== null ? { lat: u.lat, lng: u.lng } : null,
          isVerified: u.isVerified,
        })),
      };
    },
  );
};

export default usersDirectoryRoutes;
