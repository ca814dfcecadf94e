import {
  approximatePoint,
  isReceiptShortfall,
  localityOf,
  type Coordinates,
  type Feedback,
  type FoodRequest,
  type RatingSummary,
} from '@annasetu/domain';
import type { FeedbackRow, RequestRow, UserRow } from '../../db/schema/index.js';
import type { FoodSafety } from '../donations/donations.queries.js';
import type { FssaiRecord } from '../users/users.queries.js';

/**
 * The food's keeping and the FSSAI numbers of donor and destination, on the lists: null for a
 * food business or food bank without a number, undefined for an exempt party.
 */
export interface RequestFood {
  safety: FoodSafety | null;
  donorFssai: FssaiRecord | null | undefined;
  destinationFssai: FssaiRecord | null | undefined;
}
import {
  can,
  feedbackKindFor,
  requestDetailsView,
  type RequestDetailsView,
} from './requests.policy.js';

/** Who is looking at a request: their id and role are all the contact rule needs. */
export type RequestViewer = Pick<UserRow, 'id' | 'role'>;

/** Where a request's food is picked up and dropped off (null: not known yet). */
export interface RequestPoints {
  pickup: Coordinates | null;
  dropoff: Coordinates | null;
  /** The donation's current grab deadline (decision 0061); null when nobody holds it. */
  collectBy?: Date | null;
}

/**
 * What a list of requests shows about ratings to one caller: the rating of each party on the
 * list (shown only where the caller sees that party's details) and the stars the caller gave.
 */
export interface FeedbackView {
  ratings: ReadonlyMap<string, RatingSummary>;
  /** Keyed `${requestId}:${kind}`. */
  given: ReadonlyMap<string, number>;
}

/**
 * The API view of a request for `viewer`. Whose email, phone, address and exact point it shows
 * comes from the requests policy (`requestDetailsView`); the others get names, localities and
 * points rounded to about 1 km. A volunteer's home address and point reach no one but the
 * volunteer.
 */
export function presentRequest(
  row: RequestRow,
  viewer: RequestViewer,
  extra: {
    requesterVerified?: boolean | null;
    points?: RequestPoints;
    /** How the donation's food is kept, its safe-by time and the FSSAI numbers (the lists). */
    food?: RequestFood;
    feedback?: FeedbackView;
  } = {},
): FoodRequest {
  const sees = requestDetailsView(viewer, row);
  const requesterPoint =
    row.requesterLat !== null && row.requesterLng !== null
      ? { lat: row.requesterLat, lng: row.requesterLng }
      : null;
  return {
    id: row.id,
    donationId: row.donationId,
    requesterId: row.requesterId,
    requesterName: row.requesterName,
    requesterEmail: sees.requester ? row.requesterEmail : null,
    requesterPhone: sees.requester ? row.requesterPhone : null,
    requesterAddress: sees.requesterHome ? row.requesterAddress : null,
    requesterArea: row.isVolunteerRequest ? '' : localityOf(row.requesterAddress),
    requesterCoordinates: sees.requesterHome
      ? requesterPoint
      : row.isVolunteerRequest
        ? null
        : approximatePoint(requesterPoint),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    foodType: row.foodType,
    notes: row.notes,
    quantity: row.quantity,
    unit: row.unit,
    donorId: row.donorId,
    donorName: row.donorName,
    donorEmail: sees.donor ? row.donorEmail : null,
    donorAddress: sees.donor ? row.donorAddress : null,
    donorArea: localityOf(row.donorAddress),
    isVolunteerRequest: row.isVolunteerRequest,
    isRoutedByVolunteer: row.isRoutedByVolunteer,
    isSelfDelivery: row.isSelfDelivery,
    volunteerId: row.volunteerId,
    volunteerName: row.volunteerName,
    volunteerEmail: sees.volunteer ? row.volunteerEmail : null,
    destinationUserId: row.destinationUserId,
    destinationName: row.destinationName,
    destinationEmail: sees.destination ? row.destinationEmail : null,
    destinationAddress: sees.destination ? row.destinationAddress : null,
    destinationPhone: sees.destination ? row.destinationPhone : null,
    destinationArea: row.destinationAddress === null ? null : localityOf(row.destinationAddress),
    destinationType: row.destinationType,
    destinationAccepted: row.destinationAccepted,
    destinationNotified: row.destinationNotified,
    quality: row.quality,
    arrivalCondition: row.arrivalCondition,
    pickedQuantity: row.pickedQuantity,
    receivedQuantity: row.receivedQuantity,
    receiptShortfall: isReceiptShortfall(row.pickedQuantity, row.receivedQuantity),
    co2Saved: row.co2Saved,
    ...(extra.requesterVerified != null ? { requesterVerified: extra.requesterVerified } : {}),
    // The points a person navigates to: exact under the same rule as the address beside them.
    ...(extra.points
      ? {
          pickupPoint: sees.donor ? extra.points.pickup : approximatePoint(extra.points.pickup),
          dropoffPoint: sees.destination
            ? extra.points.dropoff
            : approximatePoint(extra.points.dropoff),
          // The deadline is the holding volunteer's own business.
          collectBy:
            row.status === 'accepted' && row.volunteerId === viewer.id && extra.points.collectBy
              ? extra.points.collectBy.toISOString()
              : null,
        }
      : {}),
    ...(extra.food
      ? {
          holding: extra.food.safety?.holding ?? null,
          allergens: extra.food.safety?.allergens ?? [],
          safeUntil: extra.food.safety?.safeUntil?.toISOString() ?? null,
          ...(extra.food.donorFssai !== undefined ? { donorFssai: extra.food.donorFssai } : {}),
          ...(extra.food.destinationFssai !== undefined
            ? { destinationFssai: extra.food.destinationFssai }
            : {}),
        }
      : {}),
    ...(extra.feedback ? feedbackFields(row, viewer, sees, extra.feedback) : {}),
  };
}

/**
 * The parties' ratings, shown under the same rule as their contact details (decision 0058), and
 * what the viewer rates on a fulfilled request with the stars they gave.
 */
function feedbackFields(
  row: RequestRow,
  viewer: RequestViewer,
  sees: RequestDetailsView,
  view: FeedbackView,
) {
  const rating = (id: string | null, shown: boolean) =>
    id !== null && shown ? (view.ratings.get(id) ?? null) : null;
  const record = { request: row, donation: { donorId: row.donorId, volunteerId: row.volunteerId } };
  const kind =
    row.status === 'fulfilled' && can(viewer, 'rate', record)
      ? feedbackKindFor(viewer, record)
      : null;
  return {
    donorRating: rating(row.donorId, sees.donor),
    volunteerRating: rating(row.volunteerId, sees.volunteer),
    destinationRating: rating(row.destinationUserId, sees.destination),
    myFeedback: kind ? { kind, stars: view.given.get(`${row.id}:${kind}`) ?? null } : null,
  };
}

/** A rating as its giver sees it. */
export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    requestId: row.requestId,
    kind: row.kind,
    stars: row.stars,
    note: row.note,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
  };
}
