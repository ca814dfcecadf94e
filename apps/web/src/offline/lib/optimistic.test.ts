import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Donation, FoodRequest, RequestFilter } from '@annasetu/domain';
import { useRequests } from '../../features/requests/api/get-requests';
import { requestKeys } from '../../features/requests/api/query-keys';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../testing/fetch-mock';
import { applyQueuedToCache, keepQueuedInCache, replaceQueuedRequest } from './optimistic';
import { queuedRequestId } from './queued-id';
import type { QueuedAction } from './store';

const VOLUNTEER = 'volunteer-1';
const MADE_UP = queuedRequestId('grab-key');

const grab: QueuedAction = {
  id: 1,
  userId: VOLUNTEER,
  kind: 'grab',
  targetIds: ['donation-1'],
  method: 'POST',
  path: '/api/donations/donation-1/grab',
  key: 'grab-key',
  createdAt: Date.now(),
  state: 'waiting',
  title: 'Rajma chawal',
  donation: { id: 'donation-1', foodType: 'Rajma chawal', quantity: 5 } as Donation,
};

const held = {
  id: 'req-held',
  donationId: 'donation-2',
  volunteerId: VOLUNTEER,
  foodType: 'Poha',
  status: 'accepted',
} as FoodRequest;

const collect: QueuedAction = {
  ...grab,
  id: 2,
  kind: 'collect',
  targetIds: ['donation-2', 'req-held'],
  path: '/api/collections',
  key: 'collect-key',
  donation: undefined,
};

/** The server: the volunteer's lists hold `items` (asked again on every refetch). */
function server(items: () => FoodRequest[]) {
  return mockApi({ 'GET /api/requests': () => ({ body: { items: items(), nextCursor: null } }) });
}

/** A screen showing one request list; records what each of its renders showed. */
function showList(client: QueryClient, filter: RequestFilter) {
  const renders: Array<Array<Pick<FoodRequest, 'id' | 'status'>>> = [];
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  const view = renderHook(
    () => {
      const result = useRequests(filter);
      const items = result.data?.pages.flatMap((page) => page.items) ?? [];
      renders.push(items.map(({ id, status }) => ({ id, status })));
      return result;
    },
    { wrapper },
  );
  return { renders, view };
}

describe('the queue laid over the request lists', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("keeps a waiting grab's request on screen while its lists are asked again", async () => {
    const client = createQueryClient();
    const queue = [grab];
    stop = keepQueuedInCache(client, () => queue);
    applyQueuedToCache(client, queue);
    const { fetchMock } = server(() => [held]);
    const { renders, view } = showList(client, 'active');
    await waitFor(() => expect(renders.at(-1)?.map((r) => r.id)).toEqual([MADE_UP, 'req-held']));
    // Asked again twice while the grab still waits (the queue is being sent, or found no signal).
    await client.refetchQueries({ queryKey: requestKeys.all });
    await client.refetchQueries({ queryKey: requestKeys.all });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(renders.length).toBeGreaterThan(2);
    for (const shown of renders) expect(shown.map((r) => r.id)).toContain(MADE_UP);
    view.unmount();
  });

  it('keeps the status a waiting collection gives its request while the list is asked again', async () => {
    const client = createQueryClient();
    const queue = [collect];
    stop = keepQueuedInCache(client, () => queue);
    const { fetchMock } = server(() => [held]);
    const { renders, view } = showList(client, 'active');
    await waitFor(() => expect(renders.at(-1)).toEqual([{ id: 'req-held', status: 'collected' }]));
    await client.refetchQueries({ queryKey: requestKeys.all });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const shown of renders.filter((r) => r.length > 0)) {
      expect(shown).toEqual([{ id: 'req-held', status: 'collected' }]);
    }
    view.unmount();
  });

  it('shows one card when a list asked while the grab was being sent already holds its request', async () => {
    const client = createQueryClient();
    const queue = [grab];
    stop = keepQueuedInCache(client, () => queue);
    applyQueuedToCache(client, queue);
    const made = { ...held, id: 'req-made', donationId: 'donation-1', foodType: 'Rajma chawal' };
    server(() => [made]);
    const { renders, view } = showList(client, 'active');
    await waitFor(() => expect(renders.at(-1)?.map((r) => r.id)).toEqual(['req-made']));
    view.unmount();
  });

  it("puts the server's request in place of the made-up one once the grab is sent", async () => {
    const client = createQueryClient();
    stop = keepQueuedInCache(client, () => []);
    applyQueuedToCache(client, [grab]);
    const made = { ...held, id: 'req-made', donationId: 'donation-1', foodType: 'Rajma chawal' };
    replaceQueuedRequest(client, MADE_UP, made);
    // The queue no longer holds the grab: its request stays, under its real id.
    applyQueuedToCache(client, []);
    for (const filter of ['active', 'all'] as const) {
      const data = client.getQueryData<{ pages: Array<{ items: FoodRequest[] }> }>(
        requestKeys.list(filter),
      );
      expect(data?.pages[0]?.items.map((r) => r.id)).toEqual(['req-made']);
      // Still out of date: a screen showing it asks the server.
      expect(client.getQueryState(requestKeys.list(filter))?.dataUpdatedAt).toBe(0);
    }
  });
});
