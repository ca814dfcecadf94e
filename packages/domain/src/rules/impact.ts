import {
  CO2_GRAMS_PER_KM,
  IMPACT_MESSAGE_THRESHOLDS,
  MEALS_PER_FAMILY_DAY,
} from '../constants/impact.js';
import { isReceiverRole, isVolunteerRole, type Role } from '../constants/roles.js';
import type { UserStats } from '../schemas/stats.js';

/** Kilometres of driving that emit as much CO2 as was saved (251 g per km). */
export function kmNotDriven(co2Kg: number): number {
  return co2Kg > 0 ? (co2Kg * 1000) / CO2_GRAMS_PER_KM : 0;
}

/** Days of food for a family that the meals amount to (12 meals a day). */
export function familyDays(meals: number): number {
  return meals > 0 ? meals / MEALS_PER_FAMILY_DAY : 0;
}

/**
 * The two headline figures of a role: how many things it did (donations made, deliveries done or
 * deliveries received) and the CO2 credited to it. Individuals count as donors (seed section 6).
 */
export function headlineFigures(stats: UserStats, role: Role): { activity: number; co2Kg: number } {
  if (isVolunteerRole(role)) {
    return { activity: stats.deliveriesCompleted, co2Kg: stats.volunteerCo2 };
  }
  if (isReceiverRole(role)) {
    return { activity: stats.deliveriesReceived, co2Kg: stats.receiverCo2 };
  }
  return { activity: stats.donationsMade, co2Kg: stats.co2Saved };
}

/** The impact sentences of the profile and analytics screens. */
export const IMPACT_MESSAGE_IDS = [
  'co2',
  'meals',
  'deliveries',
  'tokens',
  'receiverDeliveries',
] as const;
export type ImpactMessageId = (typeof IMPACT_MESSAGE_IDS)[number];

/** One sentence to show: its id (translation key), the figure, and an equivalence if any. */
export interface ImpactMessage {
  id: ImpactMessageId;
  value: number;
  /** co2: kilometres not driven; meals: family-days of food. */
  equivalent?: number;
}

/** Which impact sentences a user has earned; each needs its figure strictly above the threshold. */
export function impactMessages(stats: UserStats, role: Role): ImpactMessage[] {
  const t = IMPACT_MESSAGE_THRESHOLDS;
  const { co2Kg } = headlineFigures(stats, role);
  const messages: ImpactMessage[] = [];
  if (co2Kg > t.co2Kg) messages.push({ id: 'co2', value: co2Kg, equivalent: kmNotDriven(co2Kg) });
  if (stats.mealsDonated > t.meals) {
    messages.push({
      id: 'meals',
      value: stats.mealsDonated,
      equivalent: familyDays(stats.mealsDonated),
    });
  }
  if (stats.deliveriesCompleted > t.deliveries) {
    messages.push({ id: 'deliveries', value: stats.deliveriesCompleted });
  }
  if (stats.tokens > t.tokens) messages.push({ id: 'tokens', value: stats.tokens });
  if (stats.deliveriesReceived > t.receiverDeliveries) {
    messages.push({ id: 'receiverDeliveries', value: stats.deliveriesReceived });
  }
  return messages;
}
