import { BADGE_THRESHOLDS } from '../constants/impact.js';
import type { Role } from '../constants/roles.js';
import type { UserStats } from '../schemas/stats.js';
import { headlineFigures } from './impact.js';

/** The badges of the analytics screen, in the order they are shown. */
export const BADGES = [
  { id: 'getting_started', metric: 'activity', threshold: BADGE_THRESHOLDS.gettingStarted },
  { id: 'community_helper', metric: 'activity', threshold: BADGE_THRESHOLDS.communityHelper },
  { id: 'co2_saver_100', metric: 'co2Kg', threshold: BADGE_THRESHOLDS.co2Saver100 },
  { id: 'co2_saver_500', metric: 'co2Kg', threshold: BADGE_THRESHOLDS.co2Saver500 },
] as const;
export type BadgeId = (typeof BADGES)[number]['id'];

/** One badge with whether it is earned and how far along the user is (0..1). */
export interface BadgeStatus {
  id: BadgeId;
  earned: boolean;
  progress: number;
}

/**
 * Every badge with its state. Activity is the role's main count (donations made, deliveries
 * completed or received) and CO2 the role's own figure; thresholds are inclusive (seed: "at 1 or
 * more").
 */
export function badgeStatuses(stats: UserStats, role: Role): BadgeStatus[] {
  const figures = headlineFigures(stats, role);
  return BADGES.map((badge) => {
    const value = Math.max(0, figures[badge.metric]);
    return {
      id: badge.id,
      earned: value >= badge.threshold,
      progress: Math.min(1, value / badge.threshold),
    };
  });
}

/** Ids of the badges a user has earned. */
export function earnedBadges(stats: UserStats, role: Role): BadgeId[] {
  return badgeStatuses(stats, role)
    .filter((b) => b.earned)
    .map((b) => b.id);
}
