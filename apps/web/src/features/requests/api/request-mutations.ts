import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FoodRequest } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { sendOrQueue } from '../../../offline/lib/queue';
import { useSingleFlight } from '../../../lib/single-flight';
import type { ActionKind } from '../../../offline/lib/store';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { statsKeys } from '../../analytics/api/query-keys';
import { donationKeys } from '../../donations/api/query-keys';
import { requestKeys } from './query-keys';

/** Every move on one request answers with the request as it now is. */
export type RequestAnswer = ApiResponse<'/api/requests/{id}/accept', 'post'>;

/** The request a move is made on: its id, and the food its queued card names. */
export type RequestRef = Pick<FoodRequest, 'id' | 'foodType'>;

/** A workflow move on one request that waits on the device when there is no signal. */
export const moveOnRequest = <T>(
  kind: ActionKind,
  request: RequestRef,
  verb: string,
  body?: unknown,
) =>
  sendOrQueue<T>({
    kind,
    targetIds: [request.id],
    method: 'POST',
    path: `/api/requests/${request.id}/${verb}`,
    title: request.foodType,
    ...(body === undefined ? {} : { body }),
  });

/**
 * A request's own moves: the receiver accepts or declines it, the asker withdraws it. Carrying
 * the food (grab to receipt) is the carrying feature's (`features/carrying/api/carrying-moves`).
 */
export const requestActions = {
  accept: (request: RequestRef) => moveOnRequest<RequestAnswer>('acceptRequest', request, 'accept'),
  reject: (request: RequestRef) => moveOnRequest<RequestAnswer>('rejectRequest', request, 'reject'),
  withdraw: (id: string) => api.delete<void>(`/api/requests/${id}`),
};

/** Workflow moves change requests, donations, statistics and token counters alike. */
export function useRefreshAfterMove() {
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
  const refresh = useRefreshAfterMove();
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
