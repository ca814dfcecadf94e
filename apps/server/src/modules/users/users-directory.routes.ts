import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approximatePoint,
  haversineKm,
  LIST_LIMITS,
  localityOf,
  ROLES,
  roundApproximateDistanceKm,
  userSummarySchema,
} from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { AppError } from '../../lib/errors.js';
import { canListUsersOfRole, hidesHome } from './users-directory.policy.js';
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
 * nurseries, poultry farms). Other roles are listed to admins only. Everyone, admins included,
 * gets the public view (rules 4b): name, organisation, type, locality, a point rounded to about
 * 1 km and the distance to it; a destination's contact details reach the donor on the scheduled
 * delivery itself, and admins read them in the console. A volunteer's home is never shown.
 */
const usersDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
      // Receivers for everyone, other roles for admins only (users.policy.ts).
      config: { errors: [403] },
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
      if (!canListUsersOfRole(user, role)) throw new AppError('FORBIDDEN');
      const rows = await listUsersByRole(app.database.db, role, limit);
      const from = user.lat !== null && user.lng !== null ? { lat: user.lat, lng: user.lng } : null;
      return {
        items: rows.map((u) => {
          const home = hidesHome(u);
          const point = home
            ? null
            : approximatePoint(
                u.lat !== null && u.lng !== null ? { lat: u.lat, lng: u.lng } : null,
              );
          return {
            id: u.id,
            role: u.role,
            name: u.name,
            organizationName: u.organizationName,
            area: home ? '' : localityOf(u.address),
            coordinates: point,
            distanceKm: from && point ? roundApproximateDistanceKm(haversineKm(from, point)) : null,
            isVerified: u.isVerified,
          };
        }),
      };
    },
  );
};

export default usersDirectoryRoutes;
