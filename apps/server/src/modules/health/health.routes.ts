import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** Liveness and database reachability, for load balancers and uptime checks. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['operations'],
        summary: 'Health and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const up = await Promise.race([
        app.database.ping(),
        new Promise<boolean>((resolve) => setTimeout(resolve, 2_000, false).unref()),
      ]);
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        databaseKind: app.database.kind,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};

export default healthRoutes;
