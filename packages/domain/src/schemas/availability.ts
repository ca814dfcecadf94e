import { z } from 'zod';
import { MAX_NEARBY_RADIUS_KM } from '../constants/geo.js';
import { coordinatesSchema, issue } from './common.js';
import { DEFAULT_TIME_ZONE, WEEKDAYS, inWeekOrder, timeZoneSchema } from './series.js';

/** Most pickups a volunteer may allow themselves per day. */
export const MAX_PICKUPS_PER_DAY = 50;

const hhmm = z.iso.time({ precision: -1, ...issue('AVAILABILITY_HOURS_INVALID') });

/**
 * When and where a volunteer collects: days of the week, hours (local time), a home point with a
 * radius (their feed shows donations inside it), and at most how many pickups a day.
 */
export const availabilityInputSchema = z
  .strictObject({
    weekdays: z
      .array(z.enum(WEEKDAYS, issue('INVALID_VALUE')))
      .max(7, issue('INVALID_VALUE'))
      .overwrite(inWeekOrder),
    fromTime: hhmm,
    toTime: hhmm,
    timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
    /** Absent: the volunteer's profile location. */
    home: coordinatesSchema.optional(),
    radiusKm: z
      .number(issue('RADIUS_INVALID'))
      .gt(0, issue('RADIUS_INVALID'))
      .max(MAX_NEARBY_RADIUS_KM, issue('RADIUS_INVALID')),
    maxPickupsPerDay: z
      .number(issue('INVALID_VALUE'))
      .int(issue('INVALID_VALUE'))
      .min(1, issue('INVALID_VALUE'))
      .max(MAX_PICKUPS_PER_DAY, issue('INVALID_VALUE'))
      .nullable()
      .default(null),
  })
  .refine((v) => v.fromTime < v.toTime, {
    path: ['toTime'],
    message: 'AVAILABILITY_HOURS_INVALID',
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;
export type AvailabilityData = z.output<typeof availabilityInputSchema>;

/** A volunteer's availability as the API returns it (to that volunteer only). */
export const availabilitySchema = z.object({
  weekdays: z.array(z.enum(WEEKDAYS)),
  fromTime: z.string(),
  toTime: z.string(),
  timeZone: z.string(),
  home: coordinatesSchema.nullable(),
  radiusKm: z.number(),
  maxPickupsPerDay: z.number().int().nullable(),
  /** Pickups grabbed today (in the volunteer's time zone) that they still hold. */
  pickupsToday: z.number().int(),
});
export type Availability = z.infer<typeof availabilitySchema>;
