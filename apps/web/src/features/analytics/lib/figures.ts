import {
  fulfilmentRate,
  fulfilmentWindowStart,
  summariseImpactBasis,
  isDonorRole,
  isReceiverRole,
  isVolunteerRole,
  type FoodRequest,
  type ImpactBasisSummary,
  type Role,
  type UserStats,
} from '@annasetu/domain';

/** A figure of the user stats, and how it reads: a count, kg of CO2, meals or kg of food. */
export type FigureKind = 'count' | 'co2' | 'meals' | 'kg';
/** The figures shown as cards (the measured counts qualify the meals and kg instead). */
export type FigureKey = Exclude<keyof UserStats, 'donationsCounted' | 'donationsMeasured'>;

export interface FigureSpec {
  key: FigureKey;
  kind: FigureKind;
}

const DONOR_FIGURES: FigureSpec[] = [
  { key: 'donationsMade', kind: 'count' },
  { key: 'mealsDonated', kind: 'meals' },
  { key: 'kgDonated', kind: 'kg' },
  { key: 'co2Saved', kind: 'co2' },
  { key: 'tokens', kind: 'count' },
];
const VOLUNTEER_FIGURES: FigureSpec[] = [
  { key: 'deliveriesCompleted', kind: 'count' },
  { key: 'volunteerCo2', kind: 'co2' },
  { key: 'tokens', kind: 'count' },
];
const RECEIVER_FIGURES: FigureSpec[] = [
  { key: 'deliveriesReceived', kind: 'count' },
  { key: 'receiverCo2', kind: 'co2' },
];

/**
 * The stat cards of a role: donors see what they gave, volunteers what they carried, receivers
 * what reached them. Individuals both give and ask, so they also see deliveries received.
 */
export function figuresForRole(role: Role): FigureSpec[] {
  if (isVolunteerRole(role)) return VOLUNTEER_FIGURES;
  if (isReceiverRole(role)) return RECEIVER_FIGURES;
  if (role === 'individual') {
    return [...DONOR_FIGURES, { key: 'deliveriesReceived', kind: 'count' }];
  }
  if (isDonorRole(role)) return DONOR_FIGURES;
  return DONOR_FIGURES;
}

/**
 * The cards worth showing for these figures: food is given in meals or in kg, so a donor whose
 * food was all counted in meals is not shown "0 kg food donated" beside thousands of kg of CO2
 * (and the other way round). Both show while both are zero or both are not.
 */
export function figuresToShow(role: Role, stats: UserStats): FigureSpec[] {
  const { mealsDonated: meals, kgDonated: kg } = stats;
  return figuresForRole(role).filter(
    ({ key }) =>
      !(key === 'kgDonated' && kg === 0 && meals > 0) &&
      !(key === 'mealsDonated' && meals === 0 && kg > 0),
  );
}

/**
 * What a donor's meals and kg rest on (decision 0064): the catalogue key of the line under the
 * figures (`impact.basis.<all|some|none>`) and its numbers; null when nothing was delivered yet
 * or the person gives no food.
 */
export function impactBasisLine(role: Role, stats: UserStats): ImpactBasisSummary | null {
  if (!isDonorRole(role)) return null;
  return summariseImpactBasis(stats.donationsCounted, stats.donationsMeasured);
}

/** Rounds a measured quantity for display: whole numbers stay whole, others keep one decimal. */
export function roundFigure(value: number, kind: FigureKind): number {
  if (!Number.isFinite(value)) return 0;
  if (kind === 'count') return Math.round(value);
  return Math.round(value * 10) / 10;
}

/** Fraction digits for Intl formatting of a figure. */
export function fractionDigits(kind: FigureKind): Intl.NumberFormatOptions {
  return kind === 'count' ? { maximumFractionDigits: 0 } : { maximumFractionDigits: 1 };
}

/** 0..1 clamped, and its whole percent, for progress bars. */
export function percent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

/** A receiver's 30-day fulfilment: requests in the window and how many were fulfilled. */
export interface Fulfilment {
  total: number;
  fulfilled: number;
  rate: number;
}

/**
 * Requests of the last 30 days that the user made or that were addressed to them (withdrawn
 * and cancelled ones aside), and the share that reached them.
 */
export function receiverFulfilment(
  requests: readonly FoodRequest[],
  userId: string,
  now: number,
): Fulfilment {
  const start = fulfilmentWindowStart(now).getTime();
  const mine = requests.filter(
    (r) =>
      (r.requesterId === userId || r.destinationUserId === userId) &&
      r.status !== 'cancelled' &&
      new Date(r.createdAt).getTime() >= start,
  );
  const fulfilled = mine.filter((r) => r.status === 'fulfilled').length;
  return { total: mine.length, fulfilled, rate: fulfilmentRate(fulfilled, mine.length) };
}

/** Whether trends should default to the user's own donations (donors) or the platform's. */
export function defaultTrendScope(role: Role): 'me' | 'platform' {
  return isDonorRole(role) ? 'me' : 'platform';
}

/** A "nice" top for a chart axis: 1, 2 or 5 times a power of ten, at least the maximum. */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** Date options for a bucket label: a day, the week's first day, or a month. */
export function bucketDateOptions(
  granularity: 'day' | 'week' | 'month',
): Intl.DateTimeFormatOptions {
  if (granularity === 'month') return { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return { day: 'numeric', month: 'short', timeZone: 'UTC' };
}
