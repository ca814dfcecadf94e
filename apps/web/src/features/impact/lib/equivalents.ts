import type { ImpactFactors, ImpactPeriod } from '../api/public-impact-types';

const METRES_PER_MILE = 1609.344;

/** Meals as days of food for a family, with the server's meals-per-family-day factor. */
export function familyDays(meals: number, factors: ImpactFactors): number {
  return factors.mealsPerFamilyDay > 0 ? meals / factors.mealsPerFamilyDay : 0;
}

/** Kg of CO2 as kilometres a car would drive to emit it, with the server's grams-per-km. */
export function kmNotDriven(co2Kg: number, factors: ImpactFactors): number {
  return factors.co2GramsPerKm > 0 ? (co2Kg * 1000) / factors.co2GramsPerKm : 0;
}

/** The grams-per-km factor as grams per mile, the unit the original figure was given in. */
export function gramsPerMile(factors: ImpactFactors): number {
  return (factors.co2GramsPerKm * METRES_PER_MILE) / 1000;
}

/** The figure a trends chart draws. */
export type TrendMetric = 'meals' | 'kg' | 'co2Kg' | 'completedDonations';
export const TREND_METRICS: readonly TrendMetric[] = ['meals', 'kg', 'co2Kg', 'completedDonations'];

/** Shares of a whole as whole percentages that add up to 100 (largest remainder), or zeros. */
export function percentages(parts: readonly number[]): number[] {
  const total = parts.reduce((sum, part) => sum + Math.max(0, part), 0);
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((part) => (Math.max(0, part) / total) * 100);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = floors[index]! + 1;
    left -= 1;
  }
  return floors;
}

/** Whether a range's trend has anything to draw. */
export function hasActivity(periods: readonly ImpactPeriod[]): boolean {
  return periods.some((p) => p.completedDonations > 0 || p.meals > 0 || p.kg > 0 || p.co2Kg > 0);
}
