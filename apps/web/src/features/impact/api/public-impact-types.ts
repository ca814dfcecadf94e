import type { Role } from '@annasetu/domain';

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

/** The figures every period and the whole range report. */
export interface ImpactFigures {
  meals: number;
  kg: number;
  co2Kg: number;
  completedDonations: number;
}

/** One week (start: its Monday) or month (start: its first day), as YYYY-MM-DD in UTC. */
export interface ImpactPeriod extends ImpactFigures {
  start: string;
}

/** Completed rescues of one grid cell: its centre and size only, never a real point. */
export interface ImpactCell {
  lat: number;
  lng: number;
  sizeKm: number;
  rescues: number;
}

/** The factors the figures use, as the server states them (never copied on this side). */
export interface ImpactFactors {
  co2KgPerMeal: number;
  co2KgPerKg: number;
  mealsPerFamilyDay: number;
  co2GramsPerKm: number;
  kgPerMeal: number;
}

/** The licence as the server sends it: a name, or an object with its id, name and address. */
export type OpenDataLicence = string | { id?: string; name?: string; url?: string };

/** GET /api/public/impact: the platform's figures for a range, with nothing personal in it. */
export interface PublicImpact {
  range: PublicImpactRange;
  generatedAt: string;
  licence?: OpenDataLicence;
  totals: ImpactFigures & {
    organisations: Record<PublicOrganisationRole, number>;
  };
  trends: { weekly: ImpactPeriod[]; monthly: ImpactPeriod[] };
  cells: ImpactCell[];
  cuisines: { cuisine: string; donations: number }[];
  quality: { good: number; bad: number };
  badFoodTo: { nursery: number; poultry: number };
  factors: ImpactFactors;
}

/** GET /api/public/orgs/:slug: one organisation's published card. */
export interface PublicOrg {
  slug: string;
  displayName: string;
  role: Role;
  since: string;
  totals: ImpactFigures;
}
