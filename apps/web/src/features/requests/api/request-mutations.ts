import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CollectDonationInput,
  Collection,
  ConfirmReceiptInput,
  DestinationInfo,
  FoodRequest,
} from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { statsKeys } from '../../analytics/api/query-keys';
import { donationKeys } from '../../donations/api/query-keys';
import { requestKeys } from './query-keys';

type RequestAnswer = { request: FoodRequest };

/** Every workflow move of the requests screen, by name. */
export const requestActions = {
  accept: (id: string) => api.post<RequestAnswer>(`/api/requests/${id}/accept`),
  reject: (id: string) => api.post<RequestAnswer>(`/api/requests/${id}/reject`),
  withdraw: (id: string) => api.delete<void>(`/api/requests/${id}`),
  release: (donationId: string) => api.post<void>(`/api/donations/${donationId}/release`, {}),
  complete: (id: string) => api.post<RequestAnswer>(`/api/requests/${id}/complete`),
  acceptDelivery: (id: string) => api.post<RequestAnswer>(`/api/requests/${id}/accept-delivery`),
  confirmReceipt: ({ id, input }: { id: string; input: ConfirmReceiptInput }) =>
    api.post<RequestAnswer>(`/api/requests/${id}/confirm-receipt`, input),
  collect: (input: CollectDonationInput) =>
    api.post<{ request: FoodRequest; collection: Collection; destination: DestinationInfo }>(
      '/api/collections',
      input,
    ),
};

/** Workflow moves change requests, donations, statistics and token counters alike. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestKeys.all }),
      queryClient.invalidateQueries({ queryKey: donationKeys.all }),
      queryClient.invalidateQueries({ queryKey: statsKeys.all }),
      queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    ]);
}

/**
 * A mutation for one workflow move that refreshes every affected list when it settles. The
 * refresh is not awaited: the caller's toasts must run before the refetched list removes the
 * button that started the move.
 */
export function useRequestAction<TInput, TOutput>(action: (input: TInput) => Promise<TOutput>) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: action,
    onSettled: () => {
      void refresh();
    },
  });
}

/** The collect modal's call; the lists refresh when the modal moves on, not at once. */
export function useCollect() {
  const refresh = useRefresh();
  return { mutation: useMutation({ mutationFn: requestActions.collect }), refresh };
}
