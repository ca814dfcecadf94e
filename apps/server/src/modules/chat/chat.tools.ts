import {
  approximatePoint,
  haversineKm,
  localityOf,
  roundApproximateDistanceKm,
  ANALYTICS_RANGE_DAYS,
  DEFAULT_NEARBY_RADIUS_KM,
  MAX_NEARBY_RADIUS_KM,
  earnedBadges,
  headlineFigures,
  isDonorRole,
  isReceiverRole,
  isVolunteerRole,
  milestoneProgress,
  type BadgeId,
  type DonationStatus,
  type RequestStatus,
  type Unit,
  type UserStats,
} from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import type { RequestRow, UserRow } from '../../db/schema/index.js';
import { feedFor } from '../donations/donations.policy.js';
import { listDonationsByDonor } from '../donations/donations.queries.js';
import { listAvailableDonations } from '../donations/nearby.queries.js';
import { listRequestsForUser } from '../requests/requests.queries.js';
import { userStats } from '../stats/stats.queries.js';
import type { Audience, RequestSide } from './engine/phrases.js';
import { mayAttempt } from './chat.policy.js';
import { countDonationsByStatus, countRequestsByStatus } from './chat.queries.js';

/**
 * The assistant's tools. Each acts as the signed-in user only: the user comes from the session,
 * never from the message or from a language model's arguments, and every query filters by that
 * user's id (or, for available donations, shows what that user's own feed shows).
 */
export interface ToolContext {
  db: DbOrTx;
  user: UserRow;
}

const LIST_SIZE = 5;
const ALL_TIME_MS = ANALYTICS_RANGE_DAYS.all * 24 * 3_600_000;

/** Which kind of account a reply speaks to. */
export function audienceOf(user: Pick<UserRow, 'role'>): Audience {
  if (isVolunteerRole(user.role)) return 'volunteer';
  if (isReceiverRole(user.role)) return 'receiver';
  if (isDonorRole(user.role)) return 'donor';
  return 'admin';
}

export interface FoodLine {
  foodType: string;
  quantity: number;
  unit: Unit;
}

export interface MyDonations {
  canDonate: boolean;
  status: DonationStatus | null;
  counts: Partial<Record<DonationStatus, number>>;
  items: Array<
    FoodLine & { status: DonationStatus; expiryTime: Date; volunteerName: string | null }
  >;
}

/** The user's own donations: counts per status and the latest few (optionally one status). */
export async function myDonations(
  { db, user }: ToolContext,
  params: { status?: DonationStatus | undefined },
): Promise<MyDonations> {
  if (!mayAttempt(user, 'ownDonations')) {
    return { canDonate: false, status: null, counts: {}, items: [] };
  }
  const [counts, rows] = await Promise.all([
    countDonationsByStatus(db, user.id),
    listDonationsByDonor(db, { donorId: user.id, status: params.status, limit: LIST_SIZE }),
  ]);
  return {
    canDonate: true,
    status: params.status ?? null,
    counts,
    items: rows.map(({ donation: d }) => ({
      foodType: d.foodType,
      quantity: d.quantity,
      unit: d.unit,
      status: d.status,
      expiryTime: d.expiryTime,
      volunteerName: d.volunteerName,
    })),
  };
}

/** How the user takes part in a request. */
export function sideOf(request: RequestRow, userId: string): RequestSide {
  if (request.volunteerId === userId) return 'volunteer';
  if (request.donorId === userId) return 'donor';
  if (request.destinationUserId === userId && request.requesterId !== userId) return 'destination';
  return 'requester';
}

export interface MyRequests {
  status: RequestStatus | null;
  counts: Partial<Record<RequestStatus, number>>;
  items: Array<FoodLine & { status: RequestStatus; side: RequestSide }>;
}

/** Requests the user takes part in (asked, carried, received or on their donations). */
export async function myRequests(
  { db, user }: ToolContext,
  params: { status?: RequestStatus | undefined },
): Promise<MyRequests> {
  const [counts, rows] = await Promise.all([
    countRequestsByStatus(db, user.id),
    listRequestsForUser(db, {
      userId: user.id,
      statuses: params.status ? [params.status] : null,
      limit: LIST_SIZE,
    }),
  ]);
  return {
    status: params.status ?? null,
    counts,
    items: rows.map((r) => ({
      foodType: r.foodType,
      quantity: r.quantity,
      unit: r.unit,
      status: r.status,
      side: sideOf(r, user.id),
    })),
  };
}

export interface MyImpact {
  audience: Audience;
  stats: UserStats;
  activity: number;
  co2Kg: number;
  badges: BadgeId[];
  nextMilestone: number | null;
  remainingKg: number;
}

/** The user's all-time figures, badges and next CO2 milestone. */
export async function myImpact({ db, user }: ToolContext): Promise<MyImpact> {
  const stats = await userStats(db, user.id, new Date(Date.now() - ALL_TIME_MS));
  const { activity, co2Kg } = headlineFigures(stats, user.role);
  const milestone = milestoneProgress(co2Kg);
  return {
    audience: audienceOf(user),
    stats,
    activity,
    co2Kg,
    badges: earnedBadges(stats, user.role),
    nextMilestone: milestone.next,
    remainingKg: Math.round(milestone.remaining * 10) / 10,
  };
}

export interface MyTokens {
  audience: Audience;
  tokens: number;
}

/** The user's token balance (the session loads the user's row afresh on every request). */
export async function myTokens(context: ToolContext): Promise<MyTokens> {
  return { audience: audienceOf(context.user), tokens: context.user.tokens };
}

export interface NearbyDonations {
  hasFeed: boolean;
  hasLocation: boolean;
  radiusKm: number;
  /** The public view of a donation (rules 4b): the locality and a distance to the rounded point. */
  items: Array<FoodLine & { distanceKm: number | null; expiryTime: Date; area: string }>;
}

/** What the user's own feed shows around their profile location, nearest first. */
export async function nearbyDonations(
  { db, user }: ToolContext,
  params: { radiusKm?: number | undefined },
): Promise<NearbyDonations> {
  const radiusKm = Math.min(
    MAX_NEARBY_RADIUS_KM,
    Math.max(1, params.radiusKm ?? DEFAULT_NEARBY_RADIUS_KM),
  );
  const feed = feedFor(user);
  const center = user.lat !== null && user.lng !== null ? { lat: user.lat, lng: user.lng } : null;
  if (!feed) return { hasFeed: false, hasLocation: center !== null, radiusKm, items: [] };
  const rows = await listAvailableDonations(db, {
    feed,
    center,
    radiusKm,
    sort: center ? 'distance' : 'newest',
    limit: LIST_SIZE,
  });
  return {
    hasFeed: true,
    hasLocation: center !== null,
    radiusKm,
    items: rows.map(({ donation: d }) => {
      const near = approximatePoint(
        d.pickupLat !== null && d.pickupLng !== null
          ? { lat: d.pickupLat, lng: d.pickupLng }
          : null,
      );
      return {
        foodType: d.foodType,
        quantity: d.quantity,
        unit: d.unit,
        distanceKm: center && near ? roundApproximateDistanceKm(haversineKm(center, near)) : null,
        expiryTime: d.expiryTime,
        area: localityOf(d.pickupAddress),
      };
    }),
  };
}

/** One open item and what to do about it; `expiryTime` only for donations awaiting a request. */
export type OpenItem =
  | { kind: 'decide_requests'; foodType: string; count: number }
  | { kind: 'await_request'; foodType: string; expiryTime: Date }
  | { kind: 'volunteer_coming'; foodType: string }
  | { kind: 'self_deliver'; foodType: string; place: string }
  | { kind: 'collect'; foodType: string; place: string }
  | { kind: 'deliver'; foodType: string; place: string }
  | { kind: 'await_donor'; foodType: string }
  | { kind: 'accept_delivery'; foodType: string }
  | { kind: 'confirm_receipt'; foodType: string }
  | { kind: 'await_delivery'; foodType: string };

export interface NextSteps {
  audience: Audience;
  items: OpenItem[];
}

const MAX_OPEN_ITEMS = 6;

/** The user's open items, most urgent first, each with the move that is theirs to make. */
export async function nextSteps({ db, user }: ToolContext): Promise<NextSteps> {
  const now = Date.now();
  const [open, pendingDonations] = await Promise.all([
    listRequestsForUser(db, {
      userId: user.id,
      statuses: ['pending', 'accepted', 'collected'],
      limit: 50,
    }),
    mayAttempt(user, 'ownDonations')
      ? listDonationsByDonor(db, { donorId: user.id, status: 'pending', limit: 20 })
      : Promise.resolve([]),
  ]);
  const urgent: OpenItem[] = [];
  const waiting: OpenItem[] = [];

  // As a donor: requests to decide, then donations still waiting for someone.
  const toDecide = new Map<string, { foodType: string; count: number }>();
  for (const r of open) {
    if (r.donorId === user.id && r.status === 'pending' && !r.isVolunteerRequest) {
      const entry = toDecide.get(r.donationId) ?? { foodType: r.foodType, count: 0 };
      entry.count += 1;
      toDecide.set(r.donationId, entry);
    }
  }
  for (const entry of toDecide.values()) urgent.push({ kind: 'decide_requests', ...entry });
  for (const { donation } of pendingDonations) {
    if (toDecide.has(donation.id) || donation.expiryTime.getTime() <= now) continue;
    waiting.push({
      kind: 'await_request',
      foodType: donation.foodType,
      expiryTime: donation.expiryTime,
    });
  }

  for (const r of open) {
    const place = (name: string | null, address: string | null) =>
      [name, address].filter(Boolean).join(', ');
    if (r.volunteerId === user.id) {
      if (r.status === 'accepted')
        urgent.push({ kind: 'collect', foodType: r.foodType, place: r.donorAddress });
      else if (r.status === 'collected')
        urgent.push({
          kind: 'deliver',
          foodType: r.foodType,
          place: place(r.destinationName, r.destinationAddress),
        });
      continue;
    }
    if (r.donorId === user.id) {
      if (r.isSelfDelivery && r.status === 'accepted')
        urgent.push({
          kind: 'self_deliver',
          foodType: r.foodType,
          place: place(r.destinationName, r.destinationAddress),
        });
      else if (r.status === 'accepted' && r.volunteerId)
        waiting.push({ kind: 'volunteer_coming', foodType: r.foodType });
      continue;
    }
    if (r.destinationUserId === user.id) {
      if (r.status === 'collected') urgent.push({ kind: 'confirm_receipt', foodType: r.foodType });
      else if (r.status === 'accepted' && !r.destinationAccepted)
        urgent.push({ kind: 'accept_delivery', foodType: r.foodType });
      else if (r.status === 'accepted')
        waiting.push({ kind: 'await_delivery', foodType: r.foodType });
      continue;
    }
    if (r.requesterId === user.id && r.status === 'pending') {
      waiting.push({ kind: 'await_donor', foodType: r.foodType });
    }
  }
  return { audience: audienceOf(user), items: [...urgent, ...waiting].slice(0, MAX_OPEN_ITEMS) };
}
