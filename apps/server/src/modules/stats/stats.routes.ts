import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_RANGES,
  LIST_LIMITS,
  analyticsRangeQuerySchema,
  donationSchema,
  isDonorRole,
  platformStatsSchema,
  rangeDays,
  rangeStart,
  requestSchema,
  requiredEnum,
  resolveRange,
  userStatsSchema,
} from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { listDonationsByDonor } from '../donations/donations.queries.js';
import { presentDonation } from '../donations/donations.presenter.js';
import { listRequestsForUser } from '../requests/requests.queries.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { donationTrends, platformStats, topCuisines, userStats } from './stats.queries.js';

const rangeResponse = z.object({ range: z.enum(ANALYTICS_RANGES), since: z.string() });
const trendsQuerySchema = z.strictObject({
  range: requiredEnum(ANALYTICS_RANGES).optional(),
  scope: requiredEnum(['me', 'platform'] as const).default('me'),
});
const activityQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(50, { error: 'INVALID_VALUE' })
    .default(LIST_LIMITS.analyticsRecentActivity),
});

const granularityFor = (days: number): 'day' | 'week' | 'month' =>
  days <= 30 ? 'day' : days <= 90 ? 'week' : 'month';

/** Impact figures: my stats, platform stats, trends, top cuisines and recent activity. */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSignedIn);

  app.get(
    '/me',
    {
      schema: {
        tags: ['stats'],
        summary: "My figures for a range (default 30 days; volunteers 90); 'all' is 3650 days",
        querystring: analyticsRangeQuerySchema,
        response: { 200: rangeResponse.extend({ stats: userStatsSchema }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const range = resolveRange(request.query.range, user.role);
      const since = rangeStart(Date.now(), range);
      return {
        range,
        since: since.toISOString(),
        stats: await userStats(app.database.db, user.id, since),
      };
    },
  );

  app.get(
    '/platform',
    {
      schema: {
        tags: ['stats'],
        summary: 'Whole-platform figures for a range',
        querystring: analyticsRangeQuerySchema,
        response: { 200: rangeResponse.extend({ stats: platformStatsSchema }) },
      },
    },
    async (request) => {
      const range = resolveRange(request.query.range, currentUser(request).role);
      const since = rangeStart(Date.now(), range);
      return {
        range,
        since: since.toISOString(),
        stats: await platformStats(app.database.db, since),
      };
    },
  );

  app.get(
    '/trends',
    {
      schema: {
        tags: ['stats'],
        summary:
          'Donations over time (per day, week or month) for me or the platform, and top cuisines',
        querystring: trendsQuerySchema,
        response: {
          200: rangeResponse.extend({
            granularity: z.enum(['day', 'week', 'month']),
            buckets: z.array(
              z.object({
                start: z.string(),
                donations: z.number(),
                completed: z.number(),
                meals: z.number(),
                kg: z.number(),
                co2: z.number(),
              }),
            ),
            topCuisines: z.array(z.object({ cuisine: z.string(), donations: z.number() })),
          }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const range = resolveRange(request.query.range, user.role);
      const since = rangeStart(Date.now(), range);
      const donorId = request.query.scope === 'me' ? user.id : null;
      const granularity = granularityFor(rangeDays(range));
      const [buckets, cuisines] = [
        await donationTrends(app.database.db, { since, granularity, donorId }),
        await topCuisines(app.database.db, { since, limit: LIST_LIMITS.topCuisines, donorId }),
      ];
      return { range, since: since.toISOString(), granularity, buckets, topCuisines: cuisines };
    },
  );

  app.get(
    '/activity',
    {
      schema: {
        tags: ['stats'],
        summary:
          'My recent activity: newest donations and requests merged (5 on the dashboard, 10 in analytics)',
        querystring: activityQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.discriminatedUnion('kind', [
                z.object({ kind: z.literal('donation'), at: z.string(), donation: donationSchema }),
                z.object({ kind: z.literal('request'), at: z.string(), request: requestSchema }),
              ]),
            ),
          }),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { limit } = request.query;
      const donations = isDonorRole(user.role)
        ? await listDonationsByDonor(app.database.db, { donorId: user.id, limit })
        : [];
      const requests = await listRequestsForUser(app.database.db, {
        userId: user.id,
        statuses: null,
        limit,
      });
      const items = [
        ...donations.map((d) => ({
          kind: 'donation' as const,
          at: d.donation.updatedAt.toISOString(),
          donation: presentDonation(d.donation, 'full', { donorVerified: d.donorVerified }),
        })),
        ...requests.map((r) => ({
          kind: 'request' as const,
          at: r.updatedAt.toISOString(),
          request: presentRequest(r, user),
        })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, limit);
      return { items };
    },
  );
};

export default statsRoutes;
