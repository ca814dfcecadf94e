import type { PublicImpactRange } from './public-impact-types';

/**
 * Cache keys of the public figures, the only place they are written. They start with
 * `publicImpact`: nothing signed-in shares them, so a live update never refetches a public page.
 */
export const publicImpactKeys = {
  all: ['publicImpact'] as const,
  platform: (range: PublicImpactRange) => [...publicImpactKeys.all, 'platform', range] as const,
  org: (slug: string) => [...publicImpactKeys.all, 'org', slug] as const,
};
