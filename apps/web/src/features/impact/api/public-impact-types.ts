import type { Role } from '@annasetu/domain';
import type { ApiResponse } from '../../../lib/api/types';

/** Ranges of the public page and its open data: 30 days, 90 days, 12 months, all time. */
export const PUBLIC_IMPACT_RANGES = ['30d', '90d', '12m', 'all'] as const;
export type PublicImpactRange = (typeof PUBLIC_IMPACT_RANGES)[number];
export const DEFAULT_PUBLIC_IMPACT_RANGE: PublicImpactRange = '30d';

export function isPublicImpactRange(value: string | null): value is PublicImpactRange {
  return (PUBLIC_IMPACT_RANGES as readonly (string | null)[]).includes(value);
}

/** Roles counted on the public page: donors, receivers and volunteers (never admins). */
export const PUBLIC_ORGANISATION_ROLES = [
  'restaurant',
  'individual',
  'mess',
  'foodbank',
  'nursery',
  'poultry',
  'volunteer',
] as const satisfies readonly Role[];
export type PublicOrganisationRole = (typeof PUBLIC_ORGANISATION_ROLES)[number];

/** The tables of the open data, each one CSV download. */
export const OPEN_DATA_TABLES = [
  'totals',
  'weekly',
  'monthly',
  'cells',
  'cuisines',
  'quality',
] as const;
export type OpenDataTable = (typeof OPEN_DATA_TABLES)[number];

/** GET /api/public/impact: the platform's figures for a range, with nothing personal in it. */
export type PublicImpact = ApiResponse<'/api/public/impact', 'get'>;

/** GET /api/public/orgs/:slug: one organisation's published card. */
export type PublicOrg = ApiResponse<'/api/public/orgs/{slug}', 'get'>;

/** The figures every period and the whole range report. */
export type ImpactFigures = PublicOrg['totals'];

/** One week (start: its Monday) or month (start: its first day), as YYYY-MM-DD in UTC. */
export type ImpactPeriod = PublicImpact['trends']['weekly'][number];

/** Completed rescues of one grid cell: its centre and size only, never a real point. */
export type ImpactCell = PublicImpact['cells'][number];

/** The factors the figures use, as the server states them (never copied on this side). */
export type ImpactFactors = PublicImpact['factors'];

/** The licence as the server sends it. */
export type OpenDataLicence = PublicImpact['licence'];
