import { CO2_MILESTONES_KG } from '../constants/impact.js';

/** Where a user stands on the CO2 milestone bar. */
export interface MilestoneProgress {
  /** Milestones already reached (value >= milestone), ascending. */
  reached: number[];
  /** The next milestone to reach, or null once the last one is reached. */
  next: number | null;
  /** Fill of the bar towards `next`: value / next, from 0 to 1 (1 when all are reached). */
  progress: number;
  /** Kg still missing to reach `next` (0 when all are reached). */
  remaining: number;
}

/** Progress of a CO2 figure (kg) along the milestones of the analytics screen. */
export function milestoneProgress(
  valueKg: number,
  milestones: readonly number[] = CO2_MILESTONES_KG,
): MilestoneProgress {
  const value = Number.isFinite(valueKg) && valueKg > 0 ? valueKg : 0;
  const reached = milestones.filter((m) => value >= m);
  const next = milestones.find((m) => value < m) ?? null;
  if (next === null) return { reached, next, progress: 1, remaining: 0 };
  return { reached, next, progress: value / next, remaining: next - value };
}
