import { CO2_KG_PER_UNIT } from '../constants/impact.js';
import type { Quality } from '../constants/statuses.js';

// Sums of floats drift (3 x 1.3 = 3.9000000000000004); stats are kept to the gram.
function roundKg(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Kg of CO2 a unit of good food saves; any unit we do not know saves nothing (seed section 9). */
export function co2FactorFor(unit: string): number {
  return Object.hasOwn(CO2_KG_PER_UNIT, unit)
    ? CO2_KG_PER_UNIT[unit as keyof typeof CO2_KG_PER_UNIT]
    : 0;
}

/** CO2 credited when a donation is collected: only good-quality food counts, bad food saves 0. */
export function co2ForDonation(quantity: number, unit: string, quality: Quality): number {
  if (quality !== 'good' || !Number.isFinite(quantity) || quantity <= 0) return 0;
  return roundKg(quantity * co2FactorFor(unit));
}

/** Meals a donation adds to mealsDonated: its quantity when counted in meals, else 0. */
export function mealsFor(quantity: number, unit: string): number {
  return unit === 'meals' && Number.isFinite(quantity) && quantity > 0 ? quantity : 0;
}

/** Kg a donation adds to kgDonated: its quantity when counted in kg, else 0. */
export function kgFor(quantity: number, unit: string): number {
  return unit === 'kg' && Number.isFinite(quantity) && quantity > 0 ? quantity : 0;
}

/** What one collection adds to the impact figures; only good food fed people or saved CO2. */
export function impactOfCollection(
  quantity: number,
  unit: string,
  quality: Quality,
): { co2Saved: number; mealsDonated: number; kgDonated: number } {
  if (quality !== 'good') return { co2Saved: 0, mealsDonated: 0, kgDonated: 0 };
  return {
    co2Saved: co2ForDonation(quantity, unit, quality),
    mealsDonated: mealsFor(quantity, unit),
    kgDonated: kgFor(quantity, unit),
  };
}

/** Adds CO2 figures without float drift (for totals built in code rather than in SQL). */
export function sumCo2(values: readonly number[]): number {
  return roundKg(values.reduce((total, v) => total + v, 0));
}
