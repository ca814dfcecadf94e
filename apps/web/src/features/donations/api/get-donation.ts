import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { donationKeys } from './query-keys';

type DonationAnswer = ApiResponse<'/api/donations/{id}', 'get'>;

/**
 * GET /api/donations/:id: one donation, as far as the caller may see it. The server decides who
 * may (its donor, the parties of a request on it, anyone while it is open in their feed) and
 * answers DONATION_GONE to everyone else, the same as for a deleted donation.
 */
export async function getDonation(id: string): Promise<DonationAnswer['donation']> {
  const { donation } = await api.get<DonationAnswer>(`/api/donations/${encodeURIComponent(id)}`);
  return donation;
}

export const donationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: donationKeys.detail(id),
    queryFn: () => getDonation(id),
  });

export function useDonation(id: string) {
  return useQuery(donationQueryOptions(id));
}
