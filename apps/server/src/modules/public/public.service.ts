import { createHash } from 'node:crypto';
import {
  CO2_GRAMS_PER_KM,
  CO2_KG_PER_UNIT,
  IMPACT_GRID_DEGREES,
  IMPACT_MIN_CELL_RESCUES,
  KG_PER_MEAL,
  MEALS_PER_FAMILY_DAY,
  MS_PER_DAY,
  OPEN_DATA_LICENCE,
  PUBLIC_IMPACT_RANGE_DAYS,
  PUBLIC_TOP_CUISINES,
  isDonorRole,
  isReceiverRole,
  type PublicImpact,
  type PublicImpactRange,
  type PublicOrgCard,
} from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { platformStats, topCuisines } from '../stats/stats.queries.js';
import {
  accountsByRole,
  collectionOutcomes,
  completionTrends,
  donorFigures,
  findPublicOrg,
  firstCompletionDay,
  receiverFigures,
  rescueCells,
  type GridCell,
} from './public.queries.js';

/** Kilometres in one degree of latitude (mean earth radius 6371 km). */
const KM_PER_DEGREE = (6371 * Math.PI) / 180;
const round = (value: number, places: number) => Number(value.toFixed(places));

/** First instant of a public range ending at `now`. */
export function publicRangeStart(now: number, range: PublicImpactRange): Date {
  return new Date(now - PUBLIC_IMPACT_RANGE_DAYS[range] * MS_PER_DAY);
}

/** The centre of a grid cell: the only point of a rescue the public ever sees. */
export function presentCell(cell: GridCell) {
  return {
    lat: round((cell.cellLat + 0.5) * IMPACT_GRID_DEGREES, 3),
    lng: round((cell.cellLng + 0.5) * IMPACT_GRID_DEGREES, 3),
    sizeKm: round(IMPACT_GRID_DEGREES * KM_PER_DEGREE, 2),
    rescues: cell.rescues,
  };
}

/**
 * The public impact figures for a range: the same platform totals the signed-in analytics show,
 * completions per week and month, the rescue map by grid cell, top cuisines, quality outcomes
 * and the factors behind the figures. Every part comes from the rollups (a few thousand rows at
 * most), whatever the number of donations.
 */
export async function publicImpact(
  db: DbOrTx,
  range: PublicImpactRange,
  now = Date.now(),
): Promise<PublicImpact> {
  const since = publicRangeStart(now, range);
  // One after another: on the embedded database they would queue anyway.
  const stats = await platformStats(db, since);
  const roles = await accountsByRole(db);
  const weekly = await completionTrends(db, { since, unit: 'week' });
  const monthly = await completionTrends(db, { since, unit: 'month' });
  const cells = await rescueCells(db, since);
  const cuisines = await topCuisines(db, { since, limit: PUBLIC_TOP_CUISINES, donorId: null });
  const outcomes = await collectionOutcomes(db, since);
  // "All time" spans ten years: its charts start at the first completion, not nine empty years.
  const first = range === 'all' ? await firstCompletionDay(db) : null;
  const fromFirst = <T extends { start: string }>(buckets: T[]) => {
    if (!first) return buckets;
    // The bucket holding the first completion is the last one starting on or before it.
    const holding = buckets.findLastIndex((b) => b.start <= first);
    return holding > 0 ? buckets.slice(holding) : buckets;
  };
  return {
    range,
    since: since.toISOString(),
    generatedAt: new Date(now).toISOString(),
    licence: { ...OPEN_DATA_LICENCE },
    totals: {
      meals: stats.totalMealsDonated,
      kg: stats.totalKgDonated,
      co2Kg: stats.totalCO2Saved,
      completedDonations: stats.totalCompletedDonations,
      measuredDonations: stats.totalMeasuredDonations,
      organisations: {
        restaurant: roles.restaurant ?? 0,
        individual: roles.individual ?? 0,
        mess: roles.mess ?? 0,
        foodbank: roles.foodbank ?? 0,
        nursery: roles.nursery ?? 0,
        poultry: roles.poultry ?? 0,
        volunteer: roles.volunteer ?? 0,
      },
    },
    trends: { weekly: fromFirst(weekly), monthly: fromFirst(monthly) },
    grid: { degrees: IMPACT_GRID_DEGREES, minRescues: IMPACT_MIN_CELL_RESCUES },
    cells: cells.map(presentCell),
    cuisines,
    quality: { good: outcomes.good, bad: outcomes.bad },
    badFoodTo: { nursery: outcomes.badToNursery, poultry: outcomes.badToPoultry },
    factors: {
      co2KgPerMeal: CO2_KG_PER_UNIT.meals,
      co2KgPerKg: CO2_KG_PER_UNIT.kg,
      mealsPerFamilyDay: MEALS_PER_FAMILY_DAY,
      co2GramsPerKm: CO2_GRAMS_PER_KM,
      kgPerMeal: KG_PER_MEAL,
    },
  };
}

/**
 * A validator for an answer's content: the hash of everything but the instant it was read, so
 * an unchanged platform keeps one ETag across requests (and instances).
 */
export function etagFor(content: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/** An organisation's public card, or undefined when the slug is unknown or switched off. */
export async function publicOrgCard(db: DbOrTx, slug: string): Promise<PublicOrgCard | undefined> {
  const org = await findPublicOrg(db, slug);
  if (!org) return undefined;
  // A card switched on before a role change (admins can change roles) shows nothing.
  if (!isDonorRole(org.role) && !isReceiverRole(org.role)) return undefined;
  const totals = isDonorRole(org.role)
    ? await donorFigures(db, org.id)
    : await receiverFigures(db, org.id);
  return {
    slug: org.slug,
    displayName: org.organizationName,
    role: org.role as PublicOrgCard['role'],
    since: org.createdAt.toISOString(),
    totals,
  };
}
