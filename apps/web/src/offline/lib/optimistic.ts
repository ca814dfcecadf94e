import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FoodRequest, FoodRequestPage, RequestStatus } from '@annasetu/domain';
import { requestKeys } from '../../features/requests/api/query-keys';
import type { QueuedAction } from './store';

/** The status a waiting action will give its request, so the next step can be taken offline. */
function statusAfter(action: QueuedAction): RequestStatus | null {
  if (action.state !== 'waiting') return null;
  if (action.kind === 'collect') return 'collected';
  if (action.kind === 'complete' || action.kind === 'confirmReceipt') return 'fulfilled';
  return null;
}

/**
 * Shows the device's copy of each request as it will be once the waiting actions are sent: a
 * collection recorded offline lets the volunteer mark it delivered offline too. The server's
 * lists replace this copy as soon as they are fetched again.
 */
export function applyQueuedToCache(client: QueryClient, actions: QueuedAction[]) {
  const changes = new Map<string, RequestStatus>();
  for (const action of actions) {
    const status = statusAfter(action);
    const requestId = action.kind === 'collect' ? action.targetIds[1] : action.targetIds[0];
    if (status && requestId) changes.set(requestId, status);
  }
  if (changes.size === 0) return;
  const patch = (request: FoodRequest): FoodRequest => {
    const status = changes.get(request.id);
    return status && request.status !== status ? { ...request, status } : request;
  };
  // Request lists are infinite pages; incoming deliveries are a plain array.
  client.setQueriesData<unknown>({ queryKey: requestKeys.all }, (data: unknown) => {
    if (Array.isArray(data)) return (data as FoodRequest[]).map(patch);
    const pages = (data as InfiniteData<FoodRequestPage> | undefined)?.pages;
    if (!pages) return data;
    return {
      ...(data as InfiniteData<FoodRequestPage>),
      pages: pages.map((page) => ({ ...page, items: page.items.map(patch) })),
    };
  });
}
