import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OpenDataTable, PublicImpact, PublicImpactRange } from './public-impact-types';
import { publicImpactKeys } from './query-keys';

/** Address of the JSON open data for a range (the same answer the page reads). */
export function impactJsonUrl(range: PublicImpactRange): string {
  return `/api/public/impact?range=${encodeURIComponent(range)}`;
}

/** Address of one open-data table as CSV. */
export function impactCsvUrl(range: PublicImpactRange, table: OpenDataTable): string {
  return `/api/public/impact.csv?range=${encodeURIComponent(range)}&table=${encodeURIComponent(table)}`;
}

/** GET /api/public/impact: no sign-in needed. */
export function getPublicImpact(range: PublicImpactRange): Promise<PublicImpact> {
  return api.get<PublicImpact>(impactJsonUrl(range));
}

export const publicImpactQueryOptions = (range: PublicImpactRange) =>
  queryOptions({
    queryKey: publicImpactKeys.platform(range),
    queryFn: () => getPublicImpact(range),
    // The server caches these for five minutes; asking more often brings nothing new.
    staleTime: 5 * 60_000,
  });

/** The figures of a range; while another range loads, the last one stays on screen. */
export function usePublicImpact(range: PublicImpactRange) {
  return useQuery({ ...publicImpactQueryOptions(range), placeholderData: keepPreviousData });
}
