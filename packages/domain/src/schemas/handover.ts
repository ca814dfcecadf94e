import { z } from 'zod';
import {
  ALLERGENS,
  ARRIVAL_CONDITIONS,
  HOLDING_KINDS,
  REGISTER_MAX_DAYS,
} from '../constants/food-safety.js';
import { UNITS, VEG_TYPES } from '../constants/impact.js';
import { UI_LANGUAGES } from '../constants/languages.js';
import { DESTINATION_TYPES, QUALITIES, REQUEST_STATUSES } from '../constants/statuses.js';
import { idSchema, isoDateTimeSchema, issue, requiredEnum } from './common.js';
import { fssaiRecordSchema } from './user.js';

/**
 * The handover record of one donation (decision 0063): what an FSSAI inspector asks a food bank
 * to show for food it received. Who gave it (and their FSSAI number), what it was, when it was
 * made, picked up and safe until, how it was held at pickup, who carried it, who received it
 * (and their number) and how it arrived. Names and numbers only: no contact details. The FSSAI
 * fields are absent for an exempt party (an individual, a nursery) and null for a food business
 * or food bank without a number.
 */
export const handoverRecordSchema = z.object({
  donationId: idSchema,
  requestId: idSchema,
  /** collected (on its way) or fulfilled (received). */
  status: z.enum(REQUEST_STATUSES),
  /** The donor carried the food themselves: no volunteer, no pickup check. */
  isSelfDelivery: z.boolean(),
  donorName: z.string(),
  donorFssai: fssaiRecordSchema.nullable().optional(),
  foodType: z.string(),
  cuisine: z.string(),
  quantity: z.number(),
  unit: z.enum(UNITS),
  vegType: z.enum(VEG_TYPES),
  allergens: z.array(z.enum(ALLERGENS)),
  /** The preparation date and time as the donor wrote them, on the donor's clock. */
  prepDate: z.string(),
  prepTime: z.string(),
  /** How the donor said the food is kept (null: not stated), and a sealed pack's use-by. */
  holding: z.enum(HOLDING_KINDS).nullable(),
  useBy: isoDateTimeSchema.nullable(),
  /** "Safe for people until" (decision 0059); null when the donation states no holding. */
  safeUntil: isoDateTimeSchema.nullable(),
  /** When the volunteer recorded the collection; null for a self delivery. */
  pickedUpAt: isoDateTimeSchema.nullable(),
  /** The volunteer's check at pickup; null when not recorded. */
  holdingAtPickup: z.enum(HOLDING_KINDS).nullable(),
  containerClosed: z.boolean().nullable(),
  /** What the volunteer picked up, in the donation's unit (decision 0064); null: not recorded. */
  pickedQuantity: z.number().nullable(),
  /** Who handled the food between donor and receiver: the volunteer (null: self delivery). */
  volunteerName: z.string().nullable(),
  /** Fit for people (good) or not (bad), as recorded at collection or on a self delivery's receipt. */
  quality: z.enum(QUALITIES).nullable(),
  destinationType: z.enum(DESTINATION_TYPES).nullable(),
  destinationName: z.string().nullable(),
  destinationFssai: fssaiRecordSchema.nullable().optional(),
  /** When the food reached the receiver (the request fulfilled); null while on its way. */
  receivedAt: isoDateTimeSchema.nullable(),
  /** How it arrived, the receiver's note, and when they recorded it; null until recorded. */
  arrivalCondition: z.enum(ARRIVAL_CONDITIONS).nullable(),
  arrivalNote: z.string().nullable(),
  arrivalCheckedAt: isoDateTimeSchema.nullable(),
  /** What the receiver confirmed arrived, in the donation's unit; null until recorded. */
  receivedQuantity: z.number().nullable(),
});
export type HandoverRecord = z.infer<typeof handoverRecordSchema>;

const DAY_MS = 86_400_000;

/** A calendar day, YYYY-MM-DD (India time when it bounds a period). */
const periodDateSchema = z.iso.date(issue('PERIOD_DATE_INVALID'));

const periodShape = { from: periodDateSchema, to: periodDateSchema };

/** The period ends on or after its first day and spans at most REGISTER_MAX_DAYS days. */
function periodIsValid({ from, to }: { from: string; to: string }): boolean {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  return days >= 1 && days <= REGISTER_MAX_DAYS;
}
const periodIssue = { path: ['to'], message: 'PERIOD_INVALID' };

/**
 * The period of a register of food received: from and to are days in India time, both
 * included (decision 0063).
 */
export const registerQuerySchema = z.strictObject(periodShape).refine(periodIsValid, periodIssue);
export type RegisterQuery = z.infer<typeof registerQuerySchema>;

/** The register as CSV: the same period, and the language of its headings and words. */
export const registerCsvQuerySchema = z
  .strictObject({
    ...periodShape,
    /** The language of the headings; the account's language when absent. */
    language: requiredEnum(UI_LANGUAGES).optional(),
  })
  .refine(periodIsValid, periodIssue);
export type RegisterCsvQuery = z.infer<typeof registerCsvQuerySchema>;

/** A receiver's register of food received in a period, oldest first. */
export const registerSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(handoverRecordSchema),
});
export type Register = z.infer<typeof registerSchema>;
