import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThreadMessageInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { sendOrQueue } from '../../../offline/lib/queue';
import { requestKeys } from './query-keys';

/** A pickup's conversation as its reader gets it (decision 0065). */
export type PickupThread = ApiResponse<'/api/requests/{id}/thread', 'get'>['thread'];
type PostAnswer = ApiResponse<'/api/requests/{id}/thread', 'post', 201>;

/** GET /api/requests/{id}/thread: for the request's donor, volunteer and receiver (and admins). */
export async function getThread(requestId: string): Promise<PickupThread> {
  const answer = await api.get<ApiResponse<'/api/requests/{id}/thread', 'get'>>(
    `/api/requests/${requestId}/thread`,
  );
  return answer.thread;
}

// Live `thread` events refresh it; a short stale time keeps a reopened dialog from refetching
// what it has just shown.
export const threadQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: requestKeys.thread(requestId),
    queryFn: () => getThread(requestId),
    staleTime: 10_000,
  });

export function useThread(requestId: string) {
  return useQuery(threadQueryOptions(requestId));
}

/** What a message is sent with: the request it belongs to and the food that names it offline. */
export interface SendMessageCall {
  request: { id: string; foodType: string };
  input: ThreadMessageInput;
}

/**
 * Sends a message, or keeps it on the device without signal (it then waits in the queue like a
 * collection and goes, once, when the signal returns: the same Idempotency-Key on every try).
 */
export const sendThreadMessage = ({ request, input }: SendMessageCall) =>
  sendOrQueue<PostAnswer>({
    kind: 'threadMessage',
    targetIds: [request.id],
    method: 'POST',
    path: `/api/requests/${request.id}/thread`,
    body: input,
    title: request.foodType,
  });

/** The send call; the thread refetches when it settles (a queued message shows from the queue). */
export function useSendThreadMessage(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendThreadMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.thread(requestId) }),
  });
}
