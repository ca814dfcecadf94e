import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { dehydrate, InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import type { Donation, FoodRequest, FoodRequestPage } from '@annasetu/domain';
import { createQueryClient } from '../../lib/query-client';
import { requestsQueryOptions } from '../../features/requests/api/get-requests';
import { applyQueuedToCache } from './optimistic';
import { queuedRequestId } from './queue';
import { seedFromSnapshot } from './snapshot';
import type { QueuedAction } from './store';

const onServer = { id: 'req-1', foodType: 'Rajma chawal', status: 'fulfilled' } as FoodRequest;

/** The requests screen's "All" list as a screen shows it, answered by a server holding one request. */
function showAll(client: QueryClient) {
  let asked = 0;
  const observer = new InfiniteQueryObserver(client, {
    ...requestsQueryOptions('all'),
    queryFn: (): Promise<FoodRequestPage> => {
      asked += 1;
      return Promise.resolve({ items: [onServer], nextCursor: null });
    },
  });
  const shown = () => observer.getCurrentResult().data?.pages.flatMap((p) => p.items) ?? [];
  const unsubscribe = observer.subscribe(() => undefined);
  return { shown, asked: () => asked, unsubscribe };
}

/** The field data a phone saved a moment ago, with the "All" list as it was then. */
async function savedJustNow(items: FoodRequest[]) {
  const before = createQueryClient();
  await before.fetchInfiniteQuery({
    ...requestsQueryOptions('all'),
    queryFn: () => Promise.resolve({ items, nextCursor: null }),
  });
  return dehydrate(before);
}

describe('seeding the query cache from the device', () => {
  it('shows a list saved empty at once, then asks the server for it', async () => {
    const client = createQueryClient();
    seedFromSnapshot(client, await savedJustNow([]));
    const all = showAll(client);
    expect(all.shown()).toEqual([]);
    await waitFor(() => expect(all.shown()).toEqual([onServer]));
    expect(all.asked()).toBe(1);
    all.unsubscribe();
  });

  it('keeps a restored list out of date when the queue is laid over it', async () => {
    const client = createQueryClient();
    const saved = { ...onServer, id: 'req-old', foodType: 'Old copy' } as FoodRequest;
    seedFromSnapshot(client, await savedJustNow([saved]));
    applyQueuedToCache(client, []);
    const all = showAll(client);
    expect(all.shown()).toEqual([saved]);
    await waitFor(() => expect(all.shown()).toEqual([onServer]));
    expect(all.asked()).toBe(1);
    all.unsubscribe();
  });

  it('asks the server for a list the device made from a grab once the grab has been sent', async () => {
    const client = createQueryClient();
    const grab: QueuedAction = {
      id: 1,
      userId: 'volunteer-1',
      kind: 'grab',
      targetIds: ['donation-1'],
      method: 'POST',
      path: '/api/donations/donation-1/grab',
      key: 'grab-key',
      createdAt: Date.now(),
      state: 'waiting',
      donation: { id: 'donation-1', foodType: 'Rajma chawal', quantity: 5 } as Donation,
    };
    applyQueuedToCache(client, [grab]);
    const made = client.getQueryData<{ pages: FoodRequestPage[] }>(['requests', 'list', 'all']);
    expect(made?.pages[0]?.items.map((r) => r.id)).toEqual([queuedRequestId('grab-key')]);
    // The grab was sent: its made-up request leaves the list, which must not look fetched.
    applyQueuedToCache(client, []);
    const all = showAll(client);
    await waitFor(() => expect(all.shown()).toEqual([onServer]));
    expect(all.asked()).toBe(1);
    all.unsubscribe();
  });
});
