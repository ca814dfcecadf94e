import { z } from 'zod';
import { TEXT_LIMITS } from '../constants/limits.js';
import {
  COLLECTION_STATUSES,
  DESTINATION_TYPES,
  DESTINATIONS_BY_QUALITY,
  QUALITIES,
} from '../constants/statuses.js';
import { idSchema, isoDateTimeSchema, issue, optionalText, requiredEnum } from './common.js';

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
  receivedAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export type Collection = z.infer<typeof collectionSchema>;

/**
 * collectDonation (seed section 7). The destination is required and must suit the quality: good
 * food to a food bank only, bad food to a nursery or poultry farm. destinationInfo is not taken
 * from the client: the server reads it from the destination user's profile.
 */
export const collectDonationInputSchema = z
  .strictObject({
    donationId: idSchema,
    requestId: z.uuid(issue('REQUEST_INFO_MISSING')),
    quality: requiredEnum(QUALITIES, 'QUALITY_REQUIRED'),
    destinationType: requiredEnum(DESTINATION_TYPES, 'DESTINATION_REQUIRED'),
    destinationUserId: z.uuid(issue('DESTINATION_REQUIRED')),
    notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
    /** An image uploaded beforehand (optional photo of the food). */
    photoId: idSchema.optional(),
  })
  .refine((input) => DESTINATIONS_BY_QUALITY[input.quality].includes(input.destinationType), {
    path: ['destinationType'],
    message: 'QUALITY_DESTINATION_MISMATCH',
  });
export type CollectDonationInput = z.input<typeof collectDonationInputSchema>;
export type CollectDonationData = z.output<typeof collectDonationInputSchema>;
