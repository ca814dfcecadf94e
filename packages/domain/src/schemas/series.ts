import { z } from 'zod';
import {
  DEFAULT_EXPIRY_HOURS,
  DEFAULT_UNIT,
  MAX_EXPIRY_HOURS,
  MAX_QUANTITY,
  MIN_EXPIRY_HOURS,
  MIN_QUANTITY,
  UNITS,
  VEG_TYPES,
  WHOLE_NUMBER_UNITS,
} from '../constants/impact.js';
import {
  DEFAULT_TIME_ZONE,
  MAX_RRULE_LENGTH,
  WEEKDAYS,
  inWeekOrder,
} from '../constants/choices.js';
import { ALLERGENS, SERIES_HOLDING_KINDS } from '../constants/food-safety.js';
import { TEXT_LIMITS } from '../constants/limits.js';
import {
  coordinatesSchema,
  idSchema,
  isoDateTimeSchema,
  issue,
  optionalText,
  requiredEnum,
  requiredText,
} from './common.js';

/** How a recurring donation repeats: every day, on chosen weekdays, or an iCalendar RRULE. */
export const SERIES_FREQUENCIES = ['daily', 'weekdays', 'rrule'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export { DEFAULT_TIME_ZONE, MAX_RRULE_LENGTH, WEEKDAYS, inWeekOrder };
export type Weekday = (typeof WEEKDAYS)[number];

/** A series posts on its own while active; a paused one waits; an ended one never posts again. */
export const SERIES_STATUSES = ['active', 'paused', 'ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** How many unclaimed occurrences in a row make the series ask the donor whether to keep it. */
export const SERIES_UNCLAIMED_LIMIT = 3;

/** An IANA time zone this runtime knows ("Asia/Kolkata", "Europe/London"). */
export const timeZoneSchema = z
  .string(issue('TIME_ZONE_INVALID'))
  .min(1, issue('TIME_ZONE_INVALID'))
  .max(64, issue('TIME_ZONE_INVALID'))
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, issue('TIME_ZONE_INVALID'));

const timeOfDaySchema = z.iso.time({ precision: -1, ...issue('SERIES_TIME_INVALID') });
const dateSchema = z.iso.date(issue('INVALID_VALUE'));

/**
 * When a series posts. The RRULE form takes the rule's parts only (`FREQ=WEEKLY;BYDAY=MO,WE`);
 * the time of day always comes from `timeOfDay` in `timeZone`. The server expands the rule and
 * refuses one that repeats more often than daily or never occurs.
 */
export const seriesScheduleSchema = z
  .strictObject({
    frequency: requiredEnum(SERIES_FREQUENCIES),
    weekdays: z
      .array(requiredEnum(WEEKDAYS))
      .max(7, issue('INVALID_VALUE'))
      .overwrite(inWeekOrder)
      .optional(),
    rrule: z
      .string(issue('SERIES_RULE_INVALID'))
      .trim()
      .max(MAX_RRULE_LENGTH, issue('SERIES_RULE_INVALID'))
      .optional(),
    timeOfDay: timeOfDaySchema,
    timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
    startsOn: dateSchema.optional(),
    endsOn: dateSchema.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekdays' && (!s.weekdays || s.weekdays.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'SERIES_WEEKDAYS_REQUIRED' });
    }
    if (s.frequency === 'rrule' && !s.rrule) {
      ctx.addIssue({ code: 'custom', path: ['rrule'], message: 'SERIES_RULE_INVALID' });
    }
    if (s.startsOn && s.endsOn && s.endsOn < s.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'SERIES_END_BEFORE_START' });
    }
  });
export type SeriesScheduleInput = z.input<typeof seriesScheduleSchema>;
export type SeriesSchedule = z.output<typeof seriesScheduleSchema>;

/**
 * What each occurrence posts: the donation form's food fields. Recurring donations are always
 * for volunteer delivery (a self-delivery destination would have to agree to every occurrence).
 */
export const seriesTemplateSchema = z
  .strictObject({
    cuisine: requiredText(TEXT_LIMITS.cuisine),
    foodType: requiredText(TEXT_LIMITS.foodType),
    vegType: requiredEnum(VEG_TYPES),
    quantity: z
      .number(issue('QUANTITY_INVALID'))
      .min(MIN_QUANTITY, issue('QUANTITY_INVALID'))
      .max(MAX_QUANTITY, issue('QUANTITY_INVALID')),
    unit: requiredEnum(UNITS).default(DEFAULT_UNIT),
    expiryHours: z
      .number(issue('EXPIRY_HOURS_INVALID'))
      .int(issue('EXPIRY_HOURS_INVALID'))
      .min(MIN_EXPIRY_HOURS, issue('EXPIRY_HOURS_INVALID'))
      .max(MAX_EXPIRY_HOURS, issue('EXPIRY_HOURS_INVALID'))
      .default(DEFAULT_EXPIRY_HOURS),
    notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
    pickupAddress: optionalText(TEXT_LIMITS.address),
    pickupCoordinates: coordinatesSchema.optional(),
    /**
     * How the food is kept; each posting's safe-by time counts from its own time. The form asks
     * it; a series saved before it was asked has none.
     */
    holding: requiredEnum(SERIES_HOLDING_KINDS, 'HOLDING_REQUIRED').optional(),
    allergens: z
      .array(requiredEnum(ALLERGENS), issue('INVALID_VALUE'))
      .max(ALLERGENS.length, issue('INVALID_VALUE'))
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .superRefine((input, ctx) => {
    if (
      (WHOLE_NUMBER_UNITS as readonly string[]).includes(input.unit) &&
      !Number.isInteger(input.quantity)
    ) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'QUANTITY_NOT_WHOLE' });
    }
  });
export type SeriesTemplateInput = z.input<typeof seriesTemplateSchema>;
export type SeriesTemplate = z.output<typeof seriesTemplateSchema>;

/** Saving a donation as a recurring series. */
export const createSeriesInputSchema = z.strictObject({
  template: seriesTemplateSchema,
  schedule: seriesScheduleSchema,
});
export type CreateSeriesInput = z.input<typeof createSeriesInputSchema>;
export type CreateSeriesData = z.output<typeof createSeriesInputSchema>;

/** Changing a series: new food, new schedule, pause or resume. At least one field. */
export const updateSeriesInputSchema = z
  .strictObject({
    template: seriesTemplateSchema.optional(),
    schedule: seriesScheduleSchema.optional(),
    status: z.enum(['active', 'paused'], issue('INVALID_VALUE')).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), issue('NOTHING_TO_UPDATE'));
export type UpdateSeriesInput = z.input<typeof updateSeriesInputSchema>;
export type UpdateSeriesData = z.output<typeof updateSeriesInputSchema>;

/** Skipping one occurrence: the given one, or the next one that is not skipped yet. */
export const skipOccurrenceInputSchema = z.strictObject({
  occurrenceAt: isoDateTimeSchema.optional(),
});
export type SkipOccurrenceInput = z.input<typeof skipOccurrenceInputSchema>;

/** A recurring donation as the API returns it to its donor. */
export const seriesSchema = z.object({
  id: idSchema,
  status: z.enum(SERIES_STATUSES),
  template: z.object({
    cuisine: z.string(),
    foodType: z.string(),
    vegType: z.enum(VEG_TYPES),
    quantity: z.number(),
    unit: z.enum(UNITS),
    expiryHours: z.number(),
    notes: z.string().nullable(),
    pickupAddress: z.string(),
    pickupCoordinates: coordinatesSchema,
    holding: z.enum(SERIES_HOLDING_KINDS).nullable(),
    allergens: z.array(z.enum(ALLERGENS)),
  }),
  schedule: z.object({
    frequency: z.enum(SERIES_FREQUENCIES),
    weekdays: z.array(z.enum(WEEKDAYS)),
    rrule: z.string(),
    timeOfDay: z.string(),
    timeZone: z.string(),
    startsOn: z.iso.date(),
    endsOn: z.iso.date().nullable(),
  }),
  /** The next occurrences (up to five), each with whether the donor skipped it. */
  upcoming: z.array(z.object({ at: isoDateTimeSchema, skipped: z.boolean() })),
  /** The last occurrences went unclaimed: the donor is asked whether to keep the series. */
  needsConfirmation: z.boolean(),
  postedCount: z.number().int(),
  lastPostedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type Series = z.infer<typeof seriesSchema>;
