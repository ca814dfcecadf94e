import { z } from 'zod';
import { PUBLIC_IMPACT_RANGES } from '../constants/impact.js';
import { DONOR_ROLES, RECEIVER_ROLES } from '../constants/roles.js';
import { UI_LANGUAGES } from '../constants/languages.js';
import { issue, requiredEnum } from './common.js';

// The public impact figures and open data (no sign-in). Nothing here names a person or holds an
// address, contact detail, account id or a point finer than the public grid.

/** `?range=` of the public figures (default 30 days). */
export const publicImpactQuerySchema = z.strictObject({
  range: requiredEnum(PUBLIC_IMPACT_RANGES).default('30d'),
});

/** The tables the open data offers as CSV. */
export const PUBLIC_IMPACT_TABLES = [
  'totals',
  'weekly',
  'monthly',
  'cells',
  'cuisines',
  'quality',
] as const;
export type PublicImpactTable = (typeof PUBLIC_IMPACT_TABLES)[number];

export const publicImpactCsvQuerySchema = publicImpactQuerySchema.extend({
  table: requiredEnum(PUBLIC_IMPACT_TABLES).default('totals'),
});

const figures = {
  meals: z
    .number()
    .nonnegative()
    .describe('Meals of good food collected (donations counted in meals)'),
  kg: z
    .number()
    .nonnegative()
    .describe('Kilograms of good food collected (donations counted in kg)'),
  co2Kg: z.number().nonnegative().describe('Kilograms of CO2 saved: good-quality collections only'),
  completedDonations: z
    .number()
    .int()
    .nonnegative()
    .describe('Donations collected as good food (status completed)'),
};
export const publicFiguresSchema = z.object(figures);

/** One bucket of the public trends: completions in a UTC week (from Monday) or month. */
export const publicTrendBucketSchema = z.object({
  start: z.string().describe('First day of the week (Monday) or month, YYYY-MM-DD, UTC'),
  ...figures,
});

/** Accounts per role taking part (not suspended). */
export const publicOrganisationsSchema = z.object({
  restaurant: z.number().int().nonnegative(),
  individual: z.number().int().nonnegative(),
  mess: z.number().int().nonnegative(),
  foodbank: z.number().int().nonnegative(),
  nursery: z.number().int().nonnegative(),
  poultry: z.number().int().nonnegative(),
  volunteer: z.number().int().nonnegative(),
});

export const publicImpactSchema = z.object({
  range: z.enum(PUBLIC_IMPACT_RANGES),
  since: z.string().describe('First instant counted (ISO 8601)'),
  generatedAt: z.string().describe('When the figures were read (ISO 8601)'),
  licence: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  totals: publicFiguresSchema.extend({
    measuredDonations: z
      .number()
      .int()
      .nonnegative()
      .describe(
        'Of the completed donations, those counted from what was weighed or counted at pickup or on arrival; the rest rest on the donor estimate',
      ),
    organisations: publicOrganisationsSchema,
  }),
  trends: z.object({
    weekly: z.array(publicTrendBucketSchema),
    monthly: z.array(publicTrendBucketSchema),
  }),
  grid: z.object({
    degrees: z.number().describe('Cell size in degrees of latitude and of longitude'),
    minRescues: z.number().int().describe('Cells with fewer completed rescues are left out'),
  }),
  cells: z
    .array(
      z.object({
        lat: z.number().describe('Centre of the cell (never a pickup point)'),
        lng: z.number(),
        sizeKm: z.number().describe('North-south size of the cell in km'),
        rescues: z.number().int().positive(),
      }),
    )
    .describe('Completed rescues per grid cell of their pickup point'),
  cuisines: z.array(z.object({ cuisine: z.string(), donations: z.number().int().nonnegative() })),
  quality: z
    .object({ good: z.number().int().nonnegative(), bad: z.number().int().nonnegative() })
    .describe('Collections by the quality the volunteer or destination recorded'),
  badFoodTo: z
    .object({ nursery: z.number().int().nonnegative(), poultry: z.number().int().nonnegative() })
    .describe('Where food unfit for people went'),
  factors: z.object({
    co2KgPerMeal: z.number(),
    co2KgPerKg: z.number(),
    mealsPerFamilyDay: z.number(),
    co2GramsPerKm: z.number(),
    kgPerMeal: z.number(),
  }),
});
export type PublicImpact = z.infer<typeof publicImpactSchema>;

/** Roles that may publish an organisation impact card: donors and receivers. */
export const PUBLIC_CARD_ROLES = [...DONOR_ROLES, ...RECEIVER_ROLES] as const;

/** Public slug of an organisation card (random, URL-safe). */
export const publicSlugParamsSchema = z.strictObject({
  slug: z.string(issue('NOT_FOUND')).regex(/^[A-Za-z0-9_-]{8,40}$/, issue('NOT_FOUND')),
});

export const publicOrgCardSchema = z.object({
  slug: z.string(),
  displayName: z.string().describe('The organisation name as registered'),
  role: z.enum(PUBLIC_CARD_ROLES),
  since: z.string().describe('When the account joined (ISO 8601)'),
  totals: publicFiguresSchema,
});
export type PublicOrgCard = z.infer<typeof publicOrgCardSchema>;

export const publicBadgeQuerySchema = z.strictObject({
  lang: z.enum(UI_LANGUAGES, issue('INVALID_VALUE')).default('en'),
});
