import type { FeedbackInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { useRequestAction } from './request-mutations';

/** The answer to a rating: the feedback as recorded and the request as it now is. */
export type FeedbackAnswer = ApiResponse<'/api/requests/{id}/feedback', 'post', 201>;

/** Rates a fulfilled request: the donor the pickup, the destination the food. Online only. */
export const giveFeedback = ({ requestId, input }: { requestId: string; input: FeedbackInput }) =>
  api.post<FeedbackAnswer>(`/api/requests/${requestId}/feedback`, input);

/** The rating call; the request lists refresh when it settles, so the card shows "You rated". */
export function useGiveFeedback() {
  return useRequestAction(giveFeedback);
}
