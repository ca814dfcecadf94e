import { useMutation } from '@tanstack/react-query';
import type {
  CollectDonationInput,
  ConfirmReceiptInput,
  Donation,
  FoodRequest,
} from '@annasetu/domain';
import type { ApiResponse } from '../../../lib/api/types';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useSingleFlight } from '../../../lib/single-flight';
import { sendOrQueue } from '../../../offline/lib/queue';
import {
  moveOnRequest,
  useRefreshAfterMove,
  type RequestAnswer,
  type RequestRef,
} from './request-mutations';

/**
 * A collection; `photo` is a picked photo not yet uploaded (no signal when it was chosen) and
 * `foodType` names the food on its card while it waits.
 */
export type CollectCall = CollectDonationInput & { photo?: File; foodType: string };

/**
 * Carrying food, from the grab to the receipt: every move is a field action that waits on the
 * device when there is no signal and goes once when it returns.
 */
export const carryingMoves = {
  /**
   * POST /api/donations/:id/grab: one volunteer wins; the others hear it is gone. Queued with the
   * donation as shown, so the device can show the request it will make.
   */
  grab: (donation: Donation) =>
    sendOrQueue<ApiResponse<'/api/donations/{id}/grab', 'post'>>({
      kind: 'grab',
      targetIds: [donation.id],
      method: 'POST',
      path: `/api/donations/${donation.id}/grab`,
      title: donation.foodType,
      donation,
    }),
  release: (request: Pick<FoodRequest, 'donationId' | 'foodType'>) =>
    sendOrQueue<void>({
      kind: 'release',
      targetIds: [request.donationId],
      method: 'POST',
      path: `/api/donations/${request.donationId}/release`,
      body: {},
      title: request.foodType,
    }),
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
  complete: (request: RequestRef) => moveOnRequest<RequestAnswer>('complete', request, 'complete'),
  acceptDelivery: (request: RequestRef) =>
    moveOnRequest<RequestAnswer>('acceptDelivery', request, 'accept-delivery'),
  confirmReceipt: ({ request, input }: { request: RequestRef; input: ConfirmReceiptInput }) =>
    moveOnRequest<RequestAnswer>('confirmReceipt', request, 'confirm-receipt', input),
};

/**
 * The grab: a lost race also changes the feed, so the lists refresh either way. A double tap
 * grabs once: the second tap would lose the race to the first and say so.
 */
export function useGrab() {
  const refresh = useRefreshAfterMove();
  return useSingleFlight(
    useMutation({
      mutationFn: carryingMoves.grab,
      onSettled: () => {
        void refresh();
      },
    }),
  );
}

/** The collect modal's call; the lists refresh when the modal moves on, not at once. */
export function useCollect() {
  const refresh = useRefreshAfterMove();
  return { mutation: useMutation({ mutationFn: carryingMoves.collect }), refresh };
}
