import { z } from 'zod';
import { UNITS } from '../constants/impact.js';
import { ALLERGENS, ARRIVAL_CONDITIONS, HOLDING_KINDS } from '../constants/food-safety.js';
import { LIST_LIMITS, TEXT_LIMITS } from '../constants/limits.js';
import {
  DEFAULT_REQUEST_FILTER,
  DESTINATION_TYPES,
  QUALITIES,
  REQUEST_FILTERS,
  REQUEST_STATUSES,
} from '../constants/statuses.js';
import {
  coordinatesSchema,
  cursorSchema,
  idSchema,
  isoDateTimeSchema,
  limitSchema,
  optionalText,
  pageSchema,
  requiredEnum,
} from './common.js';
import { measuredQuantitySchema } from './donation.js';
import { myFeedbackSchema, ratingSummarySchema } from './feedback.js';
import { fssaiRecordSchema } from './user.js';

/**
 * A request as the API returns it: one movement of one donation towards one destination, with
 * every seed field. Volunteer and destination fields are null until someone fills those roles.
 */
export const requestSchema = z.object({
  id: idSchema,
  donationId: idSchema,
  requesterId: idSchema,
  requesterName: z.string(),
  // Contact fields of the other parties are null unless the caller may see them (the party
  // itself, a live match, an admin; rules/visibility.ts). A volunteer's home is never shown.
  requesterEmail: z.string().nullable(),
  requesterPhone: z.string().nullable(),
  requesterAddress: z.string().nullable(),
  /** The locality of the requester's address ('' for a volunteer). */
  requesterArea: z.string(),
  requesterCoordinates: coordinatesSchema.nullable(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  foodType: z.string(),
  notes: z.string().nullable(),
  quantity: z.number(),
  unit: z.enum(UNITS),
  /** Not in the seed: lets the donor's screens and policies find their own donations' requests. */
  donorId: idSchema,
  donorName: z.string(),
  donorEmail: z.string().nullable(),
  /** The pickup address. */
  donorAddress: z.string().nullable(),
  /** The locality of the pickup address. */
  donorArea: z.string(),
  isVolunteerRequest: z.boolean(),
  isRoutedByVolunteer: z.boolean(),
  /** The donor carries the food to the destination (no volunteer): confirmed from accepted. */
  isSelfDelivery: z.boolean(),
  volunteerId: idSchema.nullable(),
  volunteerName: z.string().nullable(),
  volunteerEmail: z.string().nullable(),
  destinationUserId: idSchema.nullable(),
  destinationName: z.string().nullable(),
  destinationEmail: z.string().nullable(),
  destinationAddress: z.string().nullable(),
  destinationPhone: z.string().nullable(),
  /** The locality of the destination's address. */
  destinationArea: z.string().nullable(),
  destinationType: z.enum(DESTINATION_TYPES).nullable(),
  destinationAccepted: z.boolean(),
  destinationNotified: z.boolean(),
  quality: z.enum(QUALITIES).nullable(),
  /**
   * How the food looked when it reached the destination, as the destination recorded it on
   * receipt (decision 0063); null until recorded. Absent from older answers.
   */
  arrivalCondition: z.enum(ARRIVAL_CONDITIONS).nullable().optional(),
  /**
   * What changed hands (decision 0064), in the donation's unit: what the volunteer picked up
   * and what the receiver confirmed; null until recorded. `receiptShortfall`: the receipt is more
   * than a fifth below the pickup (admins are told). Absent from older answers.
   */
  pickedQuantity: z.number().nullable().optional(),
  receivedQuantity: z.number().nullable().optional(),
  receiptShortfall: z.boolean().optional(),
  co2Saved: z.number(),
  /** The requester's account is verified by an admin (badge on cards). */
  requesterVerified: z.boolean().optional(),
  /**
   * Where the food is picked up, on the lists (GET /api/requests, /api/requests/trip): exact for
   * whoever sees the pickup address, else rounded to about 1 km. Absent from answers to moves.
   */
  pickupPoint: coordinatesSchema.nullable().optional(),
  /**
   * Where it is dropped off (the destination's point), on the lists: exact for whoever sees the
   * destination's address, else rounded; null until there is a destination.
   */
  dropoffPoint: coordinatesSchema.nullable().optional(),
  /**
   * On the lists, to the volunteer holding the pickup only: when it is given back automatically
   * unless collected (decision 0061); null otherwise.
   */
  collectBy: isoDateTimeSchema.nullable().optional(),
  /**
   * The ratings of the donor, volunteer and destination, on the lists and the feedback answer:
   * shown under the same rule as their contact details (the parties of a live match, admins),
   * null otherwise or when there is no such party.
   */
  donorRating: ratingSummarySchema.nullable().optional(),
  volunteerRating: ratingSummarySchema.nullable().optional(),
  destinationRating: ratingSummarySchema.nullable().optional(),
  /**
   * How the donation's food is kept, its allergens and "safe for people until" (the lists): past
   * it the food may only be collected as not fit for people.
   */
  holding: z.enum(HOLDING_KINDS).nullable().optional(),
  allergens: z.array(z.enum(ALLERGENS)).optional(),
  safeUntil: isoDateTimeSchema.nullable().optional(),
  /** The FSSAI numbers of the donor and the destination and whether an admin checked them. */
  donorFssai: fssaiRecordSchema.nullable().optional(),
  destinationFssai: fssaiRecordSchema.nullable().optional(),
  /** What the caller rates on this fulfilled request, and the stars they gave (lists only). */
  myFeedback: myFeedbackSchema.nullable().optional(),
});
// Named FoodRequest so it never shadows the fetch API's global Request.
export type FoodRequest = z.infer<typeof requestSchema>;

/**
 * The live jobs the caller carries, for their trip (GET /api/requests/trip): as volunteer the
 * requests they hold (accepted: pickup and drop-off ahead; collected: the drop-off), as donor
 * their self deliveries not yet received. Oldest first; the trip is ordered on the device, from
 * where the person is.
 */
export const tripJobsSchema = z.object({ items: z.array(requestSchema) });
export type TripJobs = z.infer<typeof tripJobsSchema>;

/** A page of requests for the requests screen. */
export const requestPageSchema = pageSchema(requestSchema);
export type FoodRequestPage = z.infer<typeof requestPageSchema>;

/** createRequest(donationId, {notes, foodType}): the donation id travels in the path. */
export const createRequestInputSchema = z.strictObject({
  notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
  foodType: optionalText(TEXT_LIMITS.foodType),
});
export type CreateRequestInput = z.input<typeof createRequestInputSchema>;

/** Target statuses a plain status update may ask for; collected goes through collectDonation. */
export const REQUEST_STATUS_UPDATES = [
  'accepted',
  'rejected',
  'fulfilled',
  'cancelled',
] as const satisfies readonly (typeof REQUEST_STATUSES)[number][];
export type RequestStatusUpdate = (typeof REQUEST_STATUS_UPDATES)[number];

/**
 * updateRequestStatus(id, status). Who may ask for what is rules/transitions.ts plus the server's
 * policy. A destination confirming receipt of a self delivery records the food's condition.
 */
export const updateRequestStatusInputSchema = z
  .strictObject({
    status: requiredEnum(REQUEST_STATUS_UPDATES),
    quality: requiredEnum(QUALITIES, 'QUALITY_REQUIRED').optional(),
    notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
  })
  .refine((input) => input.quality === undefined || input.status === 'fulfilled', {
    path: ['quality'],
    message: 'INVALID_VALUE',
  });
export type UpdateRequestStatusInput = z.input<typeof updateRequestStatusInputSchema>;

/** Query of the requests screen: filter (default active), optionally one donation's requests. */
export const requestListQuerySchema = z.strictObject({
  filter: requiredEnum(REQUEST_FILTERS).default(DEFAULT_REQUEST_FILTER),
  donationId: idSchema.optional(),
  limit: limitSchema(LIST_LIMITS.pendingDonationsDefault, LIST_LIMITS.pendingDonationsScreen),
  cursor: cursorSchema.optional(),
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;

/**
 * The destination confirms receipt and records how the food arrived (`arrivalCondition`, good or
 * doubtful, with an optional note). For a self delivery `quality` (default good) also decides
 * whether the food was fit for people. On a request the volunteer already marked delivered, the
 * same call records the condition on arrival once, if it is not recorded yet (decision 0063).
 * `arrivalCondition` is optional for phones still holding a receipt queued by an older app.
 */
export const confirmReceiptInputSchema = z.strictObject({
  quality: requiredEnum(QUALITIES, 'QUALITY_REQUIRED').optional(),
  arrivalCondition: requiredEnum(ARRIVAL_CONDITIONS).optional(),
  notes: optionalText(TEXT_LIMITS.notes, { multiline: true }),
  /** What arrived, in the donation's unit: the impact counts it (decision 0064). */
  receivedQuantity: measuredQuantitySchema.optional(),
});
export type ConfirmReceiptInput = z.input<typeof confirmReceiptInputSchema>;
