import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { requestKeys } from './query-keys';

/** A donation's handover record (decision 0063). */
export type HandoverRecord = ApiResponse<'/api/donations/{id}/handover', 'get'>['handover'];

/** GET /api/donations/{id}/handover: for the donation's donor, volunteer, receiver and admins. */
export async function getHandover(donationId: string): Promise<HandoverRecord> {
  const answer = await api.get<ApiResponse<'/api/donations/{id}/handover', 'get'>>(
    `/api/donations/${donationId}/handover`,
  );
  return answer.handover;
}

// Under the requests' key: every workflow move (a receipt, a recorded condition) refreshes it.
export const handoverQueryOptions = (donationId: string) =>
  queryOptions({
    queryKey: requestKeys.handover(donationId),
    queryFn: () => getHandover(donationId),
    staleTime: 30_000,
  });

export function useHandover(donationId: string, enabled: boolean) {
  return useQuery({ ...handoverQueryOptions(donationId), enabled });
}
