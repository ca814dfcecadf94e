import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { FoodRequest, FoodRequestPage, RequestStatus } from '@annasetu/domain';
import { requestKeys } from '../../features/requests/api/query-keys';
import { isQueuedRequestId, queuedRequestId } from './queued-id';
import type { QueuedAction } from './store';

/** The status a waiting action will give its request, so the next step can be taken offline. */
function statusAfter(action: QueuedAction): RequestStatus | null {
  if (action.state !== 'waiting') return null;
  if (action.kind === 'collect') return 'collected';
  if (action.kind === 'complete' || action.kind === 'confirmReceipt') return 'fulfilled';
  return null;
}

/**
 * The request a waiting grab will create, as far as the device knows it: the volunteer's
 * accepted pickup of the donation the feed showed. Its id is made up (`queued-<key>`) and is
 * replaced by the real one when the grab is sent.
 */
function requestOfGrab(action: QueuedAction): FoodRequest | null {
  const donation = action.donation;
  if (action.kind !== 'grab' || action.state !== 'waiting' || !donation) return null;
  const at = new Date(action.createdAt).toISOString();
  return {
    id: queuedRequestId(action.key),
    donationId: donation.id,
    requesterId: action.userId,
    requesterName: donation.volunteerName ?? '',
    requesterEmail: null,
    requesterPhone: null,
    requesterAddress: null,
    requesterArea: '',
    requesterCoordinates: null,
    status: 'accepted',
    createdAt: at,
    updatedAt: at,
    foodType: donation.foodType,
    notes: null,
    quantity: donation.quantity,
    unit: donation.unit,
    donorId: donation.donorId,
    donorName: donation.donorName,
    donorEmail: donation.donorEmail,
    donorAddress: donation.pickupAddress,
    donorArea: donation.pickupArea,
    isVolunteerRequest: true,
    isRoutedByVolunteer: false,
    isSelfDelivery: false,
    volunteerId: action.userId,
    volunteerName: null,
    volunteerEmail: null,
    destinationUserId: null,
    destinationName: null,
    destinationEmail: null,
    destinationAddress: null,
    destinationPhone: null,
    destinationArea: null,
    destinationType: null,
    destinationAccepted: false,
    destinationNotified: false,
    quality: null,
    co2Saved: 0,
    // How the food is kept, as the feed showed it: the collect form's holding check starts there.
    holding: donation.holding,
    allergens: donation.allergens,
    safeUntil: donation.safeUntil,
  };
}

/**
 * Writes the device's copy of one list. It keeps the age of the server's answer it was made
 * from (a list made only on the device counts as never fetched) and stays marked out of date if
 * it was: a plain `setQueryData` would make it look just fetched, and a screen would show it for
 * the whole stale time without asking the server, even once the queue has been sent.
 */
function writeDeviceCopy(client: QueryClient, queryKey: QueryKey, data: unknown) {
  const before = client.getQueryState(queryKey);
  client.setQueryData(queryKey, data, { updatedAt: before?.dataUpdatedAt ?? 0 });
  if (before?.isInvalidated) {
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

/** A volunteer's pickup of one donation, made up on the device or made by the server. */
const heldKey = (request: FoodRequest) => `${request.donationId}:${request.volunteerId ?? ''}`;

/** Request lists that show a volunteer's accepted pickups (filters of the requests screen). */
const LISTS_WITH_GRABS = [requestKeys.list('active'), requestKeys.list('all')];

/**
 * Shows the device's copy of each request as it will be once the waiting actions are sent: a
 * grab made offline shows its request, so the collection can be recorded against it; a
 * collection recorded offline lets the volunteer mark it delivered offline too. The server's
 * lists replace this copy as soon as they are fetched again.
 */
export function applyQueuedToCache(client: QueryClient, actions: QueuedAction[]) {
  const grabbed = actions.map(requestOfGrab).filter((r): r is FoodRequest => r !== null);
  const grabbedIds = new Set(grabbed.map((r) => r.id));
  const changes = new Map<string, RequestStatus>();
  for (const action of actions) {
    const status = statusAfter(action);
    const requestId = action.kind === 'collect' ? action.targetIds[1] : action.targetIds[0];
    if (status && requestId) changes.set(requestId, status);
  }
  const patch = (request: FoodRequest): FoodRequest => {
    const status = changes.get(request.id);
    return status && request.status !== status ? { ...request, status } : request;
  };
  // A made-up request stays only while its grab waits (a cancelled grab takes it away).
  const keep = (request: FoodRequest) =>
    !isQueuedRequestId(request.id) || grabbedIds.has(request.id);

  for (const key of LISTS_WITH_GRABS) {
    if (grabbed.length === 0) break;
    const data = client.getQueryData<InfiniteData<FoodRequestPage, string | null>>(key);
    const pages = data?.pages ?? [{ items: [], nextCursor: null }];
    const shown = new Set(pages.flatMap((page) => page.items.map((r) => r.id)));
    // A list asked while the grab's answer was on its way may already hold the real request.
    const held = new Set(
      pages.flatMap((page) =>
        page.items.filter((r) => !isQueuedRequestId(r.id) && r.status === 'accepted').map(heldKey),
      ),
    );
    const missing = grabbed.filter((r) => !shown.has(r.id) && !held.has(heldKey(r)));
    if (data && missing.length === 0) continue;
    const [first, ...rest] = pages;
    writeDeviceCopy(client, key, {
      pages: [{ ...first!, items: [...missing, ...first!.items] }, ...rest],
      pageParams: data?.pageParams ?? [null],
    });
  }
  // Request lists are infinite pages; incoming deliveries are a plain array. Only lists the
  // queue changes are written.
  for (const [key, data] of client.getQueriesData<unknown>({ queryKey: requestKeys.all })) {
    if (Array.isArray(data)) {
      const requests = data as FoodRequest[];
      if (requests.some((r) => patch(r) !== r)) writeDeviceCopy(client, key, requests.map(patch));
      continue;
    }
    const pages = (data as InfiniteData<FoodRequestPage> | undefined)?.pages;
    if (!pages) continue;
    const changed = pages.some((page) =>
      page.items.some((r) => !keep(r) || (changes.has(r.id) && changes.get(r.id) !== r.status)),
    );
    if (!changed) continue;
    writeDeviceCopy(client, key, {
      ...(data as InfiniteData<FoodRequestPage>),
      pages: pages.map((page) => ({ ...page, items: page.items.filter(keep).map(patch) })),
    });
  }
}

/**
 * Keeps the queue laid over the request lists while it waits. A list asked again while actions
 * are still queued (the queue is being sent, or a send found no signal) comes back from the
 * server without the request a waiting grab will make and without the status a waiting
 * collection gives; the overlay is laid again in the same notification batch, so the screens
 * never show the list without it. Returns the unsubscribe function.
 */
export function keepQueuedInCache(client: QueryClient, queued: () => QueuedAction[]): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (event.query.queryKey[0] !== requestKeys.all[0]) return;
    applyQueuedToCache(client, queued());
  });
}

/**
 * A grab was sent: the request the server made takes the place of the one the device made up,
 * in every request list, so the card stays on screen until the lists are asked again.
 */
export function replaceQueuedRequest(client: QueryClient, madeUpId: string, request: FoodRequest) {
  for (const key of LISTS_WITH_GRABS) {
    const data = client.getQueryData<InfiniteData<FoodRequestPage, string | null>>(key);
    if (!data?.pages.some((page) => page.items.some((r) => r.id === madeUpId))) continue;
    writeDeviceCopy(client, key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items
          .filter((r) => r.id !== request.id)
          .map((r) => (r.id === madeUpId ? request : r)),
      })),
    });
  }
}
