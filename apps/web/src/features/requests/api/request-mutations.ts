import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectDonationInput, ConfirmReceiptInput, FoodRequest } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { sendOrQueue } from '../../../offline/lib/queue';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useSingleFlight } from '../../../lib/single-flight';
import type { ActionKind } from '../../../offline/lib/store';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { statsKeys } from '../../analytics/api/query-keys';
import { donationKeys } from '../../donations/api/query-keys';
import { requestKeys } from './query-keys';

/** Every move on one request answers with the request as it now is. */
type RequestAnswer = ApiResponse<'/api/requests/{id}/accept', 'post'>;

/** The request a move is made on: its id, and the food its queued card names. */
export type RequestRef = Pick<FoodRequest, 'id' | 'foodType'>;

/** A workflow move on one request that waits on the device when there is no signal. */
const move = <T>(kind: ActionKind, request: RequestRef, verb: string, body?: unknown) =>
  sendOrQueue<T>({
    kind,
    targetIds: [request.id],
    method: 'POST',
    path: `/api/requests/${request.id}/${verb}`,
    title: request.foodType,
    ...(body === undefined ? {} : { body }),
  });

/**
 * A collection; `photo` is a picked photo not yet uploaded (no signal when it was chosen) and
 * `foodType` names the food on its card while it waits.
 */
export type CollectCall = CollectDonationInput & { photo?: File; foodType: string };

/** Every workflow move of the requests screen, by name; field moves queue offline. */
export const requestActions = {
  accept: (request: RequestRef) => move<RequestAnswer>('acceptRequest', request, 'accept'),
  reject: (request: RequestRef) => move<RequestAnswer>('rejectRequest', request, 'reject'),
  withdraw: (id: string) => api.delete<void>(`/api/requests/${id}`),
  release: (request: Pick<FoodRequest, 'donationId' | 'foodType'>) =>
    sendOrQueue<void>({
      kind: 'release',
      targetIds: [request.donationId],
      method: 'POST',
      path: `/api/donations/${request.donationId}/release`,
      body: {},
      title: request.foodType,
    }),
  complete: (request: RequestRef) => move<RequestAnswer>('complete', request, 'complete'),
  acceptDelivery: (request: RequestRef) =>
    move<RequestAnswer>('acceptDelivery', request, 'accept-delivery'),
  confirmReceipt: ({ request, input }: { request: RequestRef; input: ConfirmReceiptInput }) =>
    move<RequestAnswer>('confirmReceipt', request, 'confirm-receipt', input),
  collect: async ({ photo, foodType, ...input }: CollectCall) =>
    sendOrQueue<ApiResponse<'/api/collections', 'post', 201>>({
      kind: 'collect',
      targetIds: [input.donationId, input.requestId],
      method: 'POST',
      path: '/api/collections',
      body: input,
      title: foodType,
      ...(photo ? { photo: await shrinkPhoto(photo) } : {}),
    }),
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
  // A double tap makes the move once (and shows its outcome once).
  return useSingleFlight(
    useMutation({
      mutationFn: action,
      onSettled: () => {
        void refresh();
      },
    }),
  );
}

/** The collect modal's call; the lists refresh when the modal moves on, not at once. */
export function useCollect() {
  const refresh = useRefresh();
  return { mutation: useMutation({ mutationFn: requestActions.collect }), refresh };
}
