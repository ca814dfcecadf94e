import type { PlatformStats } from '@annasetu/domain';
import type { FigureKind } from './figures';

/** The platform overview's figures, in the order they are shown. */
export function platformFigures(): { key: keyof PlatformStats; kind: FigureKind }[] {
  return [
    { key: 'totalCompletedDonations', kind: 'count' },
    { key: 'totalMealsDonated', kind: 'meals' },
    { key: 'totalKgDonated', kind: 'kg' },
    { key: 'totalCO2Saved', kind: 'co2' },
    { key: 'totalUsers', kind: 'count' },
    { key: 'totalDonors', kind: 'count' },
    { key: 'totalReceivers', kind: 'count' },
    { key: 'totalVolunteers', kind: 'count' },
  ];
}
