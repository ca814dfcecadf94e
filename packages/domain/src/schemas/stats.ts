import { z } from 'zod';
import { ANALYTICS_RANGES, EMPTY_USER_STATS } from '../constants/impact.js';
import { requiredEnum } from './common.js';

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
});
export type UserStats = z.infer<typeof userStatsSchema>;

export { EMPTY_USER_STATS };

/** Whole-platform figures for the analytics overview and the admin screen (seed section 3). */
export const platformStatsSchema = z.object({
  totalCompletedDonations: z.number().int().nonnegative(),
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
