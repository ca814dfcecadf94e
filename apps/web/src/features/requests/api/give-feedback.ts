import type { FeedbackInput } from '@annasetu/domain';
import { sendOrQueue } from '../../../offline/lib/queue';
import type { ApiResponse } from '../../../lib/api/types';
import { useRequestAction } from './request-mutations';

/** The answer to a rating: the feedback as recorded and the request as it now is. */
export type FeedbackAnswer = ApiResponse<'/api/requests/{id}/feedback', 'post', 201>;

/**
 * Rates a fulfilled request: the donor the pickup, the destination the food. Without signal the
 * rating waits on the device and goes once when the signal returns (same Idempotency-Key).
 */
export const giveFeedback = ({
  requestId,
  foodType,
  input,
}: {
  requestId: string;
  foodType: string;
  input: FeedbackInput;
}) =>
  sendOrQueue<FeedbackAnswer>({
    kind: 'giveFeedback',
    targetIds: [requestId],
    method: 'POST',
    path: `/api/requests/${requestId}/feedback`,
    body: input,
    title: foodType,
  });

/** The rating call; the request lists refresh when it settles, so the card shows "You rated". */
export function useGiveFeedback() {
  return useRequestAction(giveFeedback);
}
