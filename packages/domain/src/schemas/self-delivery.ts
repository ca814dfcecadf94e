import { z } from 'zod';
import { DESTINATION_TYPES } from '../constants/statuses.js';
import { idSchema, isoDateTimeSchema, requiredEnum } from './common.js';

/** Contact details of the destination, copied from its profile when the assignment is made. */
export const destinationInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type DestinationInfo = z.infer<typeof destinationInfoSchema>;

/** A donor's plan to carry a donation to a destination themselves (seed section 3). */
export const selfDeliveryAssignmentSchema = z.object({
  donationId: idSchema,
  destinationType: z.enum(DESTINATION_TYPES),
  destinationUserId: idSchema,
  destinationInfo: destinationInfoSchema,
  /** The already-accepted request the assignment created. */
  requestId: idSchema,
  createdAt: isoDateTimeSchema,
});
export type SelfDeliveryAssignment = z.infer<typeof selfDeliveryAssignmentSchema>;

/**
 * Schedules a self delivery for an existing donation. Needs the donation and a destination user;
 * the server looks up destinationInfo and creates nothing if the user is not a fitting receiver.
 */
export const scheduleSelfDeliveryInputSchema = z.strictObject({
  donationId: idSchema,
  destinationType: requiredEnum(DESTINATION_TYPES, 'DESTINATION_REQUIRED'),
  destinationUserId: z.uuid({ error: 'DESTINATION_REQUIRED' }),
});
export type ScheduleSelfDeliveryInput = z.input<typeof scheduleSelfDeliveryInputSchema>;

/** The donor takes a donation nobody collected to a receiver themselves (coverage escalation). */
export const deliverMyselfInputSchema = scheduleSelfDeliveryInputSchema.omit({ donationId: true });
export type DeliverMyselfInput = z.input<typeof deliverMyselfInputSchema>;
