import type { BadgeId, DonationStatus, RequestStatus, Unit } from '@annasetu/domain';
import type { Sum } from './sums.js';
import type { KnowledgeId } from './types.js';

/** One open item and what the user should do about it. */
export type NextStep =
  | { kind: 'decide_requests'; foodType: string; count: number }
  | { kind: 'await_request'; foodType: string; expiresIn: string }
  | { kind: 'volunteer_coming'; foodType: string }
  | { kind: 'self_deliver'; foodType: string; place: string }
  | { kind: 'collect'; foodType: string; place: string }
  | { kind: 'deliver'; foodType: string; place: string }
  | { kind: 'await_donor'; foodType: string }
  | { kind: 'accept_delivery'; foodType: string }
  | { kind: 'confirm_receipt'; foodType: string }
  | { kind: 'await_delivery'; foodType: string };

/** Which kind of account a reply speaks to. */
export type Audience = 'donor' | 'receiver' | 'volunteer' | 'admin';

/** How the user takes part in a request. */
export type RequestSide = 'requester' | 'donor' | 'volunteer' | 'destination';

/**
 * Everything the assistant says in one language besides knowledge answers. Numbers, quantities
 * and relative times arrive already formatted for the language; the functions place them in a
 * natural sentence.
 */
export interface Phrases {
  greeting: string;
  thanks: string;
  capabilities: string;
  refusal: string;
  /** Said before the two topics the engine hesitates between. */
  clarify: string;
  /** Said before 2-3 suggested questions when the engine is unsure. */
  unsure: string;
  /** A computed figure with its rule (engine/sums.ts); values arrive formatted. */
  sum(kind: Sum['kind'] | 'expiryTimeNextDay', values: Record<string, string | number>): string;
  /** Said before related questions after an answer (unused when there are none). */
  donationStatus: Record<DonationStatus, string>;
  requestStatus: Record<RequestStatus, string>;
  /** "20 meals", "5 kg": `n` is formatted, `count` is the raw number for plural rules. */
  quantity(n: string, unit: Unit, count: number): string;
  /** "expires in 3 hours": `relative` comes from Intl.RelativeTimeFormat. */
  expires(relative: string): string;
  /** A volunteer's name in a donation line: "Ravi is collecting it". */
  carriedBy(name: string): string;

  notDonor: string;
  noDonations: string;
  noDonationsWithStatus(status: string): string;
  /** `breakdown` is e.g. "2 pending, 1 completed". */
  donationsSummary(total: number, breakdown: string): string;
  donationsWithStatus(count: number, status: string): string;
  latest: string;

  noRequests: string;
  noRequestsWithStatus(status: string): string;
  requestsSummary(total: number, breakdown: string): string;
  requestSide: Record<RequestSide, string>;

  tokens(count: number, audience: Audience): string;

  impactDonor(co2: string, meals: string, kg: string, donations: number): string;
  impactVolunteer(co2: string, deliveries: number): string;
  impactReceiver(co2: string, received: number): string;
  impactEquivalent(km: string): string;
  badges(names: string): string;
  noBadges: string;
  badgeNames: Record<BadgeId, string>;
  nextMilestone(milestone: string, remaining: string): string;
  allMilestones: string;

  noFeed: string;
  noLocation: string;
  nearbyNone(radius: string): string;
  nearbyHeader(count: number, radius: string): string;
  /** "3.2 km away". */
  distance(km: string): string;

  nothingOpen(audience: Audience): string;
  nextHeader: string;
  next(step: NextStep): string;
}

/** A language's answers: the knowledge base in that language plus the phrases above. */
export interface AnswerPack {
  answers: Record<KnowledgeId, string>;
  phrases: Phrases;
}
