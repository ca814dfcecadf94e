import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDonationInput, CreateRequestInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/single-flight';
import type { ApiResponse } from '../../../lib/api/types';
import { sendOrQueue } from '../../../offline/lib/queue';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { statsKeys } from '../../analytics/api/query-keys';
import { requestKeys } from '../../requests/api/query-keys';
import { donationKeys } from './query-keys';

/**
 * POST /api/donations; a self delivery also comes back with its already-accepted request.
 * Without signal the donation waits on the device and is posted when the connection returns.
 */
export function createDonation(
  input: CreateDonationInput,
): Promise<ApiResponse<'/api/donations', 'post', 201>> {
  return sendOrQueue({
    kind: 'postDonation',
    targetIds: [],
    method: 'POST',
    path: '/api/donations',
    body: input,
    title: input.foodType,
  });
}

/** DELETE /api/donations/:id (uncollected donations only; open requests are cancelled). */
export function deleteDonation(id: string): Promise<void> {
  return api.delete(`/api/donations/${id}`);
}

/** POST /api/donations/:id/requests with optional notes. */
export function requestDonation({
  id,
  input,
}: {
  id: string;
  input: CreateRequestInput;
}): Promise<ApiResponse<'/api/donations/{id}/requests', 'post', 201>> {
  return api.post(`/api/donations/${id}/requests`, input);
}

/**
 * Any of these changes donation lists, request lists, statistics and the user's counters. The refresh is
 * not awaited: the caller's own callbacks (toasts, navigation) must run before the refetched
 * list removes the button that started the action.
 */
function useInvalidateAfter() {
  const queryClient = useQueryClient();
  return () => {
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: donationKeys.all }),
      queryClient.invalidateQueries({ queryKey: requestKeys.all }),
      queryClient.invalidateQueries({ queryKey: statsKeys.all }),
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    ]);
  };
}

export function useCreateDonation() {
  const invalidate = useInvalidateAfter();
  return useMutation({ mutationFn: createDonation, onSuccess: invalidate });
}

export function useDeleteDonation() {
  const invalidate = useInvalidateAfter();
  return useMutation({ mutationFn: deleteDonation, onSuccess: invalidate });
}

export function useRequestDonation() {
  const invalidate = useInvalidateAfter();
  // A double tap sends one request.
  return useSingleFlight(useMutation({ mutationFn: requestDonation, onSuccess: invalidate }));
}
