import { z } from 'zod';
import {
  DEFAULT_EXPIRY_HOURS,
  DEFAULT_UNIT,
  DELIVERY_METHODS,
  MAX_EXPIRY_HOURS,
  MAX_QUANTITY,
  MIN_EXPIRY_HOURS,
  IMPACT_BASES,
  MIN_QUANTITY,
  UNITS,
  VEG_TYPES,
  WHOLE_NUMBER_UNITS,
} from '../constants/impact.js';
import { DONATION_SORTS, PREP_DATE_MAX_AGE_DAYS } from '../constants/choices.js';
import { ALLERGENS, HOLDING_KINDS } from '../constants/food-safety.js';
import { DEFAULT_NEARBY_RADIUS_KM, MAX_NEARBY_RADIUS_KM } from '../constants/geo.js';
import { LIST_LIMITS, TEXT_LIMITS } from '../constants/limits.js';
import { DESTINATION_TYPES, DONATION_STATUSES } from '../constants/statuses.js';
import {
  coordinatesSchema,
  cursorSchema,
  idSchema,
  isoDateTimeSchema,
  issue,
  limitSchema,
  optionalText,
  pageSchema,
  requiredEnum,
  requiredText,
} from './common.js';
import { fssaiRecordSchema } from './user.js';
import { timeZoneSchema } from './series.js';

/**
 * A donation as the API returns it: every seed field, plus verification and distance. The donor's
 * email, phone and addresses are null, and the points rounded to about 1 km, unless the caller
 * may see them (`detailsShown`: the donor, a live match, an admin; rules/visibility.ts).
 */
export const donationSchema = z.object({
  id: idSchema,
  donorId: idSchema,
  donorName: z.string(),
  donorEmail: z.string().nullable(),
  donorPhone: z.string().nullable(),
  donorAddress: z.string().nullable(),
  donorCoordinates: coordinatesSchema.nullable(),
  status: z.enum(DONATION_STATUSES),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  completedAt: isoDateTimeSchema.nullable(),
  expiryTime: isoDateTimeSchema,
  isExpired: z.boolean(),
  totalRequests: z.number().int(),
  acceptedRequests: z.number().int(),
  foodType: z.string(),
  cuisine: z.string(),
  vegType: z.enum(VEG_TYPES),
  quantity: z.number(),
  unit: z.enum(UNITS),
  notes: z.string().nullable(),
  prepDate: z.iso.date(),
  prepTime: z.iso.time({ precision: -1 }),
  pickupAddress: z.string().nullable(),
  /** The locality of the pickup address, shown to everyone who sees the donation. */
  pickupArea: z.string(),
  pickupCoordinates: coordinatesSchema.nullable(),
  /** The caller sees the donor's contact details and the exact points. */
  detailsShown: z.boolean(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  expiryHours: z.number(),
  volunteerId: idSchema.nullable(),
  volunteerName: z.string().nullable(),
  co2Saved: z.number(),
  mealsDonated: z.number(),
  /**
   * What its impact figures rest on (decision 0064): the posted estimate, the quantity found at
   * pickup, or the quantity its receiver confirmed (`measuredQuantity`, in the donation's unit;
   * null while only estimated). Absent from older answers.
   */
  impactBasis: z.enum(IMPACT_BASES).optional(),
  measuredQuantity: z.number().nullable().optional(),
  /** Posted by the donor's recurring donation (a series). */
  seriesId: idSchema.optional(),
  /** The donor's account is verified by an admin (badge on cards). */
  donorVerified: z.boolean().optional(),
  /** Great-circle distance from the searcher, when the list was searched around a point. */
  distanceKm: z.number().optional(),
  /** How the food is kept; null for a donation that did not say (posted before it was asked). */
  holding: z.enum(HOLDING_KINDS).nullable(),
  /** Packaged food's own use-by instant. */
  useBy: isoDateTimeSchema.nullable(),
  /** The allergens the donor declared (FSSAI labelling list); empty when none. */
  allergens: z.array(z.enum(ALLERGENS)),
  /**
   * "Safe for people until": from the holding rule table, never later than expiryTime. After it
   * the food may only be collected as not fit for people. Null when the holding is not stated.
   */
  safeUntil: isoDateTimeSchema.nullable(),
  /** The donor's FSSAI licence or registration number and whether an admin verified it. */
  donorFssai: fssaiRecordSchema.nullable().optional(),
});
export type Donation = z.infer<typeof donationSchema>;

/** A page of donations (my donations, available donations). */
export const donationPageSchema = pageSchema(donationSchema);
export type DonationPage = z.infer<typeof donationPageSchema>;

/**
 * A quantity in a donation's unit: posted, found at pickup, or confirmed on receipt (a measured
 * one is also bounded by what it follows, `measuredQuantityIssue`).
 */
export const quantitySchema = z
  .number(issue('QUANTITY_INVALID'))
  .min(MIN_QUANTITY, issue('QUANTITY_INVALID'))
  .max(MAX_QUANTITY, issue('QUANTITY_INVALID'));

/** An amount found at pickup or on receipt: at least 1; bounded by what it follows instead. */
export const measuredQuantitySchema = z
  .number(issue('QUANTITY_INVALID'))
  .min(MIN_QUANTITY, issue('QUANTITY_INVALID'));

const expiryHoursSchema = z
  .number(issue('EXPIRY_HOURS_INVALID'))
  .int(issue('EXPIRY_HOURS_INVALID'))
  .min(MIN_EXPIRY_HOURS, issue('EXPIRY_HOURS_INVALID'))
  .max(MAX_EXPIRY_HOURS, issue('EXPIRY_HOURS_INVALID'))
  .default(DEFAULT_EXPIRY_HOURS);

export { PREP_DATE_MAX_AGE_DAYS };

/**
 * Whether a YYYY-MM-DD preparation date lies in the sensible window: at most
 * PREP_DATE_MAX_AGE_DAYS before today and not after tomorrow (UTC; a day of slack either way
 * covers every time zone of the donor's device).
 */
export function prepDateInWindow(date: string, now: number = Date.now()): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  const DAY_MS = 86_400_000;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return day >= today - (PREP_DATE_MAX_AGE_DAYS + 1) * DAY_MS && day <= today + DAY_MS;
}

/** YYYY-MM-DD, a real calendar date (the form's date input) in the sensible window. */
const prepDateSchema = z.iso
  .date({ ...issue('PREP_DATE_INVALID'), abort: true })
  .refine((date) => prepDateInWindow(date), issue('PREP_DATE_INVALID'));
/** HH:MM on a 24-hour clock (the form's time input). */
const prepTimeSchema = z.iso.time({ precision: -1, ...issue('PREP_TIME_INVALID') });

/** Packaged food's use-by: an instant with its offset (the form sends the device's). */
const useBySchema = z.iso.datetime({ offset: true, ...issue('USE_BY_REQUIRED') });

const donationInputShape = {
  cuisine: requiredText(TEXT_LIMITS.cuisine),
  foodType: requiredText(TEXT_LIMITS.foodType),
  vegType: requiredEnum(VEG_TYPES),
  quantity: quantitySchema,
  unit: requiredEnum(UNITS).default(DEFAULT_UNIT),
  expiryHours: expiryHoursSchema,
  prepDate: prepDateSchema,
  prepTime: prepTimeSchema,
  deliveryMethod: requiredEnum(DELIVERY_METHODS),
  notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
  pickupAddress: optionalText(TEXT_LIMITS.address),
  pickupCoordinates: coordinatesSchema.optional(),
  destinationType: requiredEnum(DESTINATION_TYPES, 'DESTINATION_REQUIRED').optional(),
  destinationUserId: idSchema.optional(),
  /** How the food is kept. The form asks it; an older app's queued post may lack it. */
  holding: requiredEnum(HOLDING_KINDS, 'HOLDING_REQUIRED').optional(),
  useBy: useBySchema.optional(),
  /**
   * The time zone of the clock the preparation date and time were read from (the donor's
   * device); the profile's when absent. The safe-by time counts from that instant.
   */
  timeZone: timeZoneSchema.optional(),
  allergens: z
    .array(requiredEnum(ALLERGENS), issue('INVALID_VALUE'))
    .max(ALLERGENS.length, issue('INVALID_VALUE'))
    .default([])
    .transform((list) => [...new Set(list)]),
};

type DonationInputShape = z.output<z.ZodObject<typeof donationInputShape>>;

function checkDonationInput(input: DonationInputShape, ctx: z.RefinementCtx) {
  if (input.holding === 'packaged' && input.useBy === undefined) {
    ctx.addIssue({ code: 'custom', path: ['useBy'], message: 'USE_BY_REQUIRED' });
  }
  if (input.holding !== 'packaged' && input.useBy !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['useBy'], message: 'USE_BY_NOT_ALLOWED' });
  }
  if (
    (WHOLE_NUMBER_UNITS as readonly string[]).includes(input.unit) &&
    !Number.isInteger(input.quantity)
  ) {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'QUANTITY_NOT_WHOLE' });
  }
  const destinationFields = ['destinationType', 'destinationUserId'] as const;
  for (const field of destinationFields) {
    if (input.deliveryMethod === 'self' && input[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'DESTINATION_REQUIRED' });
    }
    // A volunteer donation's destination is whoever requests it; a preset one would be ignored.
    if (input.deliveryMethod === 'volunteer' && input[field] !== undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'DESTINATION_NOT_ALLOWED' });
    }
  }
}

/**
 * The donation form (seed section 5) with how the food is kept (FSSAI). The server fills donor
 * fields from the session, the pickup address from the profile when absent, expiryTime = now +
 * expiryHours, and the safe-by time from the holding rules.
 */
export const createDonationInputSchema = z
  .strictObject(donationInputShape)
  .superRefine(checkDonationInput);

/** The form's own check: the same input, with the holding required (the form always asks it). */
export const donationFormInputSchema = z
  .strictObject({
    ...donationInputShape,
    holding: requiredEnum(HOLDING_KINDS, 'HOLDING_REQUIRED'),
  })
  .superRefine(checkDonationInput);
export type CreateDonationInput = z.input<typeof createDonationInputSchema>;
export type CreateDonationData = z.output<typeof createDonationInputSchema>;

export { DONATION_SORTS };
export type DonationSort = (typeof DONATION_SORTS)[number];

// `?lat=` (empty) means "not given", not latitude 0.
const queryCoordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number(issue('COORDINATES_INVALID'))
      .min(min, issue('COORDINATES_INVALID'))
      .max(max, issue('COORDINATES_INVALID'))
      .optional(),
  );

/**
 * Query of the available-donations list and map. The centre is lat/lng when given, else the
 * user's own coordinates; with no centre at all the server ignores the radius and sorts newest.
 */
export const availableDonationsQuerySchema = z
  .strictObject({
    lat: queryCoordinate(-90, 90),
    lng: queryCoordinate(-180, 180),
    radiusKm: z.coerce
      .number(issue('RADIUS_INVALID'))
      .gt(0, issue('RADIUS_INVALID'))
      .max(MAX_NEARBY_RADIUS_KM, issue('RADIUS_INVALID'))
      .default(DEFAULT_NEARBY_RADIUS_KM),
    sort: requiredEnum(DONATION_SORTS).default('distance'),
    limit: limitSchema(LIST_LIMITS.pendingDonationsDefault, LIST_LIMITS.pendingDonationsScreen),
    cursor: cursorSchema.optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    path: ['lat'],
    message: 'COORDINATES_INVALID',
  });
export type AvailableDonationsQuery = z.input<typeof availableDonationsQuerySchema>;
export type AvailableDonationsFilter = z.output<typeof availableDonationsQuerySchema>;

/** Query of the donor's own list (newest first), optionally narrowed to one status. */
export const myDonationsQuerySchema = z.strictObject({
  status: requiredEnum(DONATION_STATUSES).optional(),
  limit: limitSchema(LIST_LIMITS.pendingDonationsDefault, LIST_LIMITS.pendingDonationsScreen),
  cursor: cursorSchema.optional(),
});
export type MyDonationsQuery = z.input<typeof myDonationsQuerySchema>;

/** A volunteer dropping a grabbed donation before collecting it may say why (shown to donor). */
export const releaseDonationInputSchema = z.strictObject({
  reason: optionalText(TEXT_LIMITS.notes, { multiline: true }),
});
export type ReleaseDonationInput = z.input<typeof releaseDonationInputSchema>;

/** The donor keeps their food on offer longer (a still-unclaimed donation, late in its life). */
export const extendExpiryInputSchema = z.strictObject({
  hours: z
    .number(issue('EXPIRY_EXTENSION_INVALID'))
    .int(issue('EXPIRY_EXTENSION_INVALID'))
    .min(1, issue('EXPIRY_EXTENSION_INVALID'))
    .max(24, issue('EXPIRY_EXTENSION_INVALID')),
});
export type ExtendExpiryInput = z.infer<typeof extendExpiryInputSchema>;
