import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverMyselfInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { donationKeys } from '../../donations/api/query-keys';
import { requestKeys } from '../../requests/api/query-keys';

/** After any of the donor's choices the donation and request lists are stale. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => {
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: donationKeys.all }),
      queryClient.invalidateQueries({ queryKey: requestKeys.all }),
    ]);
  };
}

/** POST /api/donations/:id/extend: an uncollected donation stays on offer `hours` longer. */
export function useExtendDonation() {
  const onSuccess = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, hours }: { id: string; hours: number }) =>
      api.post<ApiResponse<'/api/donations/{id}/extend', 'post'>>(`/api/donations/${id}/extend`, {
        hours,
      }),
    onSuccess,
  });
}

/** POST /api/donations/:id/self-delivery: the donor carries food nobody took themselves. */
export function useDeliverDonationMyself() {
  const onSuccess = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: DeliverMyselfInput }) =>
      api.post<ApiResponse<'/api/donations/{id}/self-delivery', 'post'>>(
        `/api/donations/${id}/self-delivery`,
        input,
      ),
    onSuccess,
  });
}

/** DELETE /api/donations/:id: the donor withdraws it (open requests are cancelled). */
export function useWithdrawDonation() {
  const onSuccess = useInvalidateLists();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/donations/${id}`),
    onSuccess,
  });
}
