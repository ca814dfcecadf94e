import { z } from 'zod';
import { HOLDING_KINDS } from '../constants/food-safety.js';
import { TEXT_LIMITS } from '../constants/limits.js';
import {
  COLLECTION_STATUSES,
  DESTINATION_TYPES,
  DESTINATIONS_BY_QUALITY,
  QUALITIES,
} from '../constants/statuses.js';
import { idSchema, isoDateTimeSchema, issue, optionalText, requiredEnum } from './common.js';
import { measuredQuantitySchema } from './donation.js';

/** A collection (delivery) record as the API returns it: what a volunteer picked up and where. */
export const collectionSchema = z.object({
  id: idSchema,
  donationId: idSchema,
  /** Not in the seed's record, but collectDonation names it: the request this pickup serves. */
  requestId: idSchema,
  volunteerId: idSchema,
  volunteerName: z.string(),
  volunteerEmail: z.string(),
  photoUrl: z.string().nullable(),
  quality: z.enum(QUALITIES),
  destinationType: z.enum(DESTINATION_TYPES),
  destinationUserId: idSchema,
  status: z.enum(COLLECTION_STATUSES),
  co2Saved: z.number(),
  notes: z.string().nullable(),
  /**
   * The volunteer's check at pickup (decision 0063): how the food was held when they took it,
   * and whether its container was closed. Null when the collection was recorded without them
   * (before they were asked, or by an older app).
   */
  holdingAtPickup: z.enum(HOLDING_KINDS).nullable(),
  containerClosed: z.boolean().nullable(),
  /**
   * What the volunteer found at pickup, in the donation's unit (decision 0064); null when the
   * collection was recorded without it. Absent from older answers.
   */
  pickedQuantity: z.number().nullable().optional(),
  receivedAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export type Collection = z.infer<typeof collectionSchema>;

/** The fields of a collection, shared by the API's check and the collect form's. */
const collectShape = {
  donationId: idSchema,
  requestId: z.uuid(issue('REQUEST_INFO_MISSING')),
  quality: requiredEnum(QUALITIES, 'QUALITY_REQUIRED'),
  destinationType: requiredEnum(DESTINATION_TYPES, 'DESTINATION_REQUIRED'),
  destinationUserId: z.uuid(issue('DESTINATION_REQUIRED')),
  notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
  /** An image uploaded beforehand (optional photo of the food). */
  photoId: idSchema.optional(),
  /** How the food is held as the volunteer takes it (hot, chilled, room, sealed packaged). */
  holdingAtPickup: requiredEnum(HOLDING_KINDS, 'HOLDING_REQUIRED').optional(),
  /** The volunteer saw the food's container closed. */
  containerClosed: z.boolean(issue('INVALID_VALUE')).optional(),
  /**
   * What the volunteer actually picked up, in the donation's unit (whole for meals and packs,
   * checked by the server against the donation's unit): the impact counts it (decision 0064).
   */
  pickedQuantity: measuredQuantitySchema.optional(),
};

/** Good food goes to a food bank only; bad food to a nursery or poultry farm only. */
const destinationSuitsQuality = {
  check: (input: {
    quality: (typeof QUALITIES)[number];
    destinationType: (typeof DESTINATION_TYPES)[number];
  }) => DESTINATIONS_BY_QUALITY[input.quality].includes(input.destinationType),
  params: { path: ['destinationType'], message: 'QUALITY_DESTINATION_MISMATCH' },
};

/**
 * collectDonation (seed section 7). The destination is required and must suit the quality: good
 * food to a food bank only, bad food to a nursery or poultry farm. destinationInfo is not taken
 * from the client: the server reads it from the destination user's profile. The holding check
 * at pickup is optional here, as a collection queued offline by an older app lacks it; the
 * collect form always asks it (`collectFormInputSchema`).
 */
export const collectDonationInputSchema = z
  .strictObject(collectShape)
  .refine(destinationSuitsQuality.check, destinationSuitsQuality.params);
export type CollectDonationInput = z.input<typeof collectDonationInputSchema>;
export type CollectDonationData = z.output<typeof collectDonationInputSchema>;

/** The collect form's own check: the same input, with the holding check at pickup required. */
export const collectFormInputSchema = z
  .strictObject({
    ...collectShape,
    holdingAtPickup: requiredEnum(HOLDING_KINDS, 'HOLDING_REQUIRED'),
    containerClosed: z.boolean(issue('INVALID_VALUE')),
    pickedQuantity: measuredQuantitySchema,
  })
  .refine(destinationSuitsQuality.check, destinationSuitsQuality.params);
export type CollectFormInput = z.input<typeof collectFormInputSchema>;
