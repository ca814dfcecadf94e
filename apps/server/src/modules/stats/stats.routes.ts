import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIST_LIMITS,
  activityAnswerSchema,
  activityQuerySchema,
  analyticsRangeQuerySchema,
  isDonorRole,
  myStatsAnswerSchema,
  platformStatsAnswerSchema,
  rangeDays,
  rangeStart,
  resolveRange,
  trendsAnswerSchema,
  trendsQuerySchema,
  type TrendGranularity,
} from '@annasetu/domain';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { listDonationsByDonor } from '../donations/donations.queries.js';
import { presentDonation } from '../donations/donations.presenter.js';
import { listRequestsForUser } from '../requests/requests.queries.js';
import { presentRequest } from '../requests/requests.presenter.js';
import { donationTrends, platformStats, topCuisines, userStats } from './stats.queries.js';

const granularityFor = (days: number): TrendGranularity =>
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
        response: { 200: myStatsAnswerSchema },
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
        response: { 200: platformStatsAnswerSchema },
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
          200: trendsAnswerSchema,
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
          200: activityAnswerSchema,
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
