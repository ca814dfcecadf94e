import { z } from 'zod';
import { ANALYTICS_RANGES, EMPTY_USER_STATS } from '../constants/impact.js';
import { LIST_LIMITS } from '../constants/limits.js';
import { requiredEnum } from './common.js';
import { donationSchema } from './donation.js';
import { requestSchema } from './request.js';

/** One user's figures (seed section 3); each role reads the ones that concern it. */
export const userStatsSchema = z.object({
  donationsMade: z.number().int().nonnegative(),
  co2Saved: z.number().nonnegative(),
  mealsDonated: z.number().nonnegative(),
  kgDonated: z.number().nonnegative(),
  tokens: z.number().int().nonnegative(),
  deliveriesCompleted: z.number().int().nonnegative(),
  deliveriesReceived: z.number().int().nonnegative(),
  receiverCo2: z.number().nonnegative(),
  volunteerCo2: z.number().nonnegative(),
  /**
   * Of the donations counted in the meals and kg above (delivered in the range), how many rest
   * on an amount weighed or counted at pickup or receipt rather than the donor's estimate
   * (decision 0064).
   */
  donationsCounted: z.number().int().nonnegative(),
  donationsMeasured: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export { EMPTY_USER_STATS };

/** Whole-platform figures for the analytics overview and the admin screen (seed section 3). */
export const platformStatsSchema = z.object({
  totalCompletedDonations: z.number().int().nonnegative(),
  /** Of those, the ones counted from what was weighed or counted at pickup or on arrival. */
  totalMeasuredDonations: z.number().int().nonnegative(),
  totalCO2Saved: z.number().nonnegative(),
  totalMealsDonated: z.number().nonnegative(),
  totalKgDonated: z.number().nonnegative(),
  totalUsers: z.number().int().nonnegative(),
  totalDonors: z.number().int().nonnegative(),
  totalReceivers: z.number().int().nonnegative(),
  totalVolunteers: z.number().int().nonnegative(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** Analytics query; without a range the server uses the role's default (rules/analytics.ts). */
export const analyticsRangeQuerySchema = z.strictObject({
  range: requiredEnum(ANALYTICS_RANGES).optional(),
});
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuerySchema>;

/** The range an answer covers, and where it starts. */
const rangeAnswerSchema = z.object({ range: z.enum(ANALYTICS_RANGES), since: z.string() });

/** GET /api/stats/me: my figures over the range. */
export const myStatsAnswerSchema = rangeAnswerSchema.extend({ stats: userStatsSchema });

/** GET /api/stats/platform: the platform's figures over the range. */
export const platformStatsAnswerSchema = rangeAnswerSchema.extend({ stats: platformStatsSchema });

/** GET /api/stats/trends query: the range (the role's default when absent) and whose figures. */
export const trendsQuerySchema = z.strictObject({
  range: requiredEnum(ANALYTICS_RANGES).optional(),
  scope: requiredEnum(['me', 'platform'] as const).default('me'),
});

/** How finely trends are counted: per day up to 30 days, per week up to 90, then per month. */
export const TREND_GRANULARITIES = ['day', 'week', 'month'] as const;
export type TrendGranularity = (typeof TREND_GRANULARITIES)[number];

/** Donations that started in one period, and what the completed ones weigh. */
export const trendBucketSchema = z.object({
  start: z.string(),
  donations: z.number(),
  completed: z.number(),
  meals: z.number(),
  kg: z.number(),
  co2: z.number(),
});

/** GET /api/stats/trends: donations per period and the top cuisines. */
export const trendsAnswerSchema = rangeAnswerSchema.extend({
  granularity: z.enum(TREND_GRANULARITIES),
  buckets: z.array(trendBucketSchema),
  topCuisines: z.array(z.object({ cuisine: z.string(), donations: z.number() })),
});

/** GET /api/stats/activity query: how many lines (the analytics screen's 10 by default). */
export const activityQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int({ error: 'INVALID_VALUE' })
    .min(1, { error: 'INVALID_VALUE' })
    .max(50, { error: 'INVALID_VALUE' })
    .default(LIST_LIMITS.analyticsRecentActivity),
});

/** GET /api/stats/activity: my newest donations and requests, merged. */
export const activityAnswerSchema = z.object({
  items: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('donation'), at: z.string(), donation: donationSchema }),
      z.object({ kind: z.literal('request'), at: z.string(), request: requestSchema }),
    ]),
  ),
});
