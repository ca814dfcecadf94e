import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { PublicOrg } from './public-impact-types';
import { publicImpactKeys } from './query-keys';

/** Address of an organisation's public page, as shared. */
export function publicOrgPath(slug: string): string {
  return `/impact/org/${encodeURIComponent(slug)}`;
}

/** Address of an organisation's badge image in a language. */
export function publicBadgePath(slug: string, language: string): string {
  return `/api/public/orgs/${encodeURIComponent(slug)}/badge.svg?lang=${encodeURIComponent(language)}`;
}

/** GET /api/public/orgs/:slug: 404 when the organisation has not published its card. */
export function getPublicOrg(slug: string): Promise<PublicOrg> {
  return api.get<PublicOrg>(`/api/public/orgs/${encodeURIComponent(slug)}`);
}

export const publicOrgQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: publicImpactKeys.org(slug),
    queryFn: () => getPublicOrg(slug),
    staleTime: 5 * 60_000,
    // A card that is not published stays unpublished: asking again changes nothing.
    retry: (count, error) => !(isApiError(error) && [400, 404].includes(error.status)) && count < 2,
  });

export function usePublicOrg(slug: string) {
  return useQuery(publicOrgQueryOptions(slug));
}
