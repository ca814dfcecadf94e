import { z } from 'zod';
import { CAPACITIES, ROLES } from '../constants/roles.js';
import { UI_LANGUAGES } from '../constants/languages.js';
import { coordinatesSchema, idSchema, isoDateTimeSchema } from './common.js';

/** A user profile as the API returns it (never a password hash or session data). */
export const userProfileSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  phone: z.string(),
  /** The number was proved by a one-time code: it can sign in and receive SMS. */
  phoneVerified: z.boolean(),
  address: z.string(),
  coordinates: coordinatesSchema.nullable(),
  organizationName: z.string().nullable(),
  cuisine: z.string().nullable(),
  capacity: z.enum(CAPACITIES),
  description: z.string().nullable(),
  language: z.enum(UI_LANGUAGES),
  /** Every notification is also sent by email (off unless the user turns it on). */
  emailNotifications: z.boolean(),
  /** The organisation publishes its impact card (off unless it turns it on). */
  publicImpact: z.boolean(),
  /** The card's address while it is on: /api/public/orgs/{publicSlug}. */
  publicSlug: z.string().nullable(),
  isVerified: z.boolean(),
  /** FSSAI licence or registration number (food businesses and food banks), null when none. */
  fssaiNumber: z.string().nullable(),
  /** When an admin checked the FSSAI number; null while unverified. */
  fssaiVerifiedAt: isoDateTimeSchema.nullable(),
  /** The average of the stars received after fulfilled matches (0 before the first). */
  rating: z.number(),
  /** How many ratings the average holds. */
  ratingCount: z.number().int(),
  totalDonations: z.number().int(),
  totalRequests: z.number().int(),
  tokens: z.number().int(),
  /**
   * Grabs the volunteer let lapse uncollected (decision 0061). Only on the person's own profile
   * and in the admin console: this schema is never answered about someone else.
   */
  noShows: z.number().int(),
  /**
   * When a volunteer last passed the food hygiene course (a pass lasts a year), null before.
   * Like noShows, only on the person's own profile and in the admin console.
   */
  hygienePassedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** An organisation's FSSAI number as the handover shows it, with whether an admin checked it. */
export const fssaiRecordSchema = z.object({ number: z.string(), verified: z.boolean() });
export type FssaiRecord = z.infer<typeof fssaiRecordSchema>;

/** A short public view of another user (destination pickers, cards). */
export const userSummarySchema = z.object({
  id: idSchema,
  role: z.enum(ROLES),
  name: z.string(),
  organizationName: z.string().nullable(),
  /** The locality of the address; contact details reach a donor once a delivery is scheduled. */
  area: z.string(),
  /** Rounded to about 1 km. */
  coordinates: coordinatesSchema.nullable(),
  /** From the caller's own location to the rounded point, when both are known. */
  distanceKm: z.number().nullable(),
  isVerified: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
