import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearOfflineData,
  flushQueue,
  isQueued,
  queuedRequestId,
  queueSnapshot,
  removeAction,
  sendOrQueue,
  setQueueUser,
} from './queue';
import { offlineDb } from './store';
import { saveSnapshot } from './snapshot';
import { createQueryClient } from '../../lib/query-client';

const USER = 'volunteer-1';
const GRAB_KEY = 'grab-key-1';

/** A fetch whose answers the test hands out one by one, recording what reached "the server". */
function fakeServer() {
  const sent: string[] = [];
  const pending: Array<(response: Response | Error) => void> = [];
  const fetchMock = vi.fn((path: string) => {
    sent.push(path);
    return new Promise<Response>((resolve, reject) => {
      pending.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent,
    /** Answers the oldest request still waiting for its answer. */
    answer(answer: Response | Error) {
      const next = pending.shift();
      if (!next) throw new Error('No request is waiting for an answer');
      next(answer);
    },
    waiting: () => pending.length,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const signal = { on: true };

/** Queues a grab with no signal (and, if asked, a collection recorded on its request). */
async function queueGrab({ withCollection = false } = {}): Promise<number> {
  signal.on = false;
  const grab = sendOrQueue({
    kind: 'grab',
    targetIds: ['don-1'],
    method: 'POST',
    path: '/api/donations/don-1/grab',
    title: 'Upma',
    key: GRAB_KEY,
  });
  await expect(grab).rejects.toSatisfy(isQueued);
  if (withCollection) {
    const requestId = queuedRequestId(GRAB_KEY);
    const collect = sendOrQueue({
      kind: 'collect',
      targetIds: [requestId],
      method: 'POST',
      path: '/api/collections',
      body: { requestId, destinationUserId: 'bank-1' },
      title: 'Upma',
    });
    await expect(collect).rejects.toSatisfy(isQueued);
  }
  // The round each queued action starts (with no signal, it sends nothing) is over.
  await flushQueue();
  const id = queueSnapshot().actions.find((a) => a.kind === 'grab')?.id;
  if (id === undefined) throw new Error('The grab was not queued');
  return id;
}

async function stored() {
  return (await offlineDb()).getAll('actions');
}

/** Whether a promise has settled after the IndexedDB and microtask queues had time to run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('cancelling a queued action while the queue is being sent', () => {
  beforeEach(async () => {
    // The retry timer after "no signal" must not start another round in the middle of a test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signal.on = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => signal.on);
    await setQueueUser(USER);
  });

  afterEach(async () => {
    await clearOfflineData();
    await setQueueUser(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the answer of the very action being sent, then says it was sent', async () => {
    const server = fakeServer();
    const id = await queueGrab();
    signal.on = true;
    const flushed = flushQueue();
    await vi.waitFor(() => expect(server.waiting()).toBe(1));

    const cancel = removeAction(id);
    expect(await hasSettled(cancel)).toBe(false);
    server.answer(json(200, { request: { id: 'req-9' } }));
    expect(await cancel).toBe('sent');
    await flushed;
    expect(server.sent).toEqual(['/api/donations/don-1/grab']);
    expect(await stored()).toEqual([]);
  });

  it('keeps an action whose answer was lost: it may have reached the server, so it is not cancelled', async () => {
    const server = fakeServer();
    const id = await queueGrab();
    signal.on = true;
    const flushed = flushQueue();
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    const cancel = removeAction(id);
    server.answer(new TypeError('Failed to fetch'));
    expect(await cancel).toBe('maybeSent');
    await flushed;
    expect(await stored()).toMatchObject([{ id, state: 'waiting', maybeSent: true }]);
    expect(queueSnapshot().actions).toMatchObject([{ id, maybeSent: true }]);
    // A later cancel is refused too; the next round sends it (its key makes the server apply it
    // once) and the queue is empty.
    expect(await removeAction(id)).toBe('maybeSent');
    const again = flushQueue();
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    server.answer(json(200, { request: { id: 'req-9' } }));
    await again;
    expect(server.sent).toHaveLength(2);
    expect(await stored()).toEqual([]);
  });

  it('lets an action the server itself said "not now" to be cancelled, and never sends it', async () => {
    const server = fakeServer();
    const id = await queueGrab();
    signal.on = true;
    const flushed = flushQueue();
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    server.answer(json(503, { code: 'SERVICE_UNAVAILABLE', error: 'Busy' }));
    await flushed;
    expect((await stored())[0]?.maybeSent).toBeUndefined();
    expect(await removeAction(id)).toBe('removed');
    await flushQueue();
    expect(server.sent).toHaveLength(1);
    expect(await stored()).toEqual([]);
  });

  it('a cancel that comes first wins: the sender reads the queue again and sends nothing', async () => {
    const server = fakeServer();
    const id = await queueGrab({ withCollection: true });
    signal.on = true;
    // Both start in the same turn; the page's copy of the queue still lists the grab when the
    // round begins.
    const cancel = removeAction(id);
    const flushed = flushQueue();
    expect(await cancel).toBe('removed');
    await flushed;
    await flushQueue();
    expect(server.sent).toEqual([]);
    expect(await stored()).toEqual([]);
    expect(queueSnapshot().actions).toEqual([]);
  });

  it('a round that comes first wins: the cancel waits for the answer and reports it', async () => {
    const server = fakeServer();
    const id = await queueGrab();
    signal.on = true;
    const flushed = flushQueue();
    const cancel = removeAction(id);
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    expect(await hasSettled(cancel)).toBe(false);
    server.answer(json(200, { request: { id: 'req-9' } }));
    expect(await cancel).toBe('sent');
    await flushed;
    expect(server.sent).toHaveLength(1);
  });

  it('reports a refusal that arrived while the cancel waited, and keeps its card', async () => {
    const server = fakeServer();
    const id = await queueGrab();
    signal.on = true;
    const flushed = flushQueue();
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    const cancel = removeAction(id);
    server.answer(json(409, { code: 'DONATION_UNAVAILABLE', error: 'Gone' }));
    expect(await cancel).toBe('refused');
    await flushed;
    expect(await stored()).toMatchObject([{ id, state: 'refused' }]);
    // Dismissing the refusal removes it.
    expect(await removeAction(id)).toBe('removed');
    expect(await stored()).toEqual([]);
  });

  it('queues an action sent with signal whose answer was lost as possibly sent', async () => {
    const server = fakeServer();
    const grab = sendOrQueue({
      kind: 'grab',
      targetIds: ['don-1'],
      method: 'POST',
      path: '/api/donations/don-1/grab',
      title: 'Upma',
    });
    await vi.waitFor(() => expect(server.waiting()).toBe(1));
    signal.on = false;
    server.answer(new TypeError('Failed to fetch'));
    await expect(grab).rejects.toSatisfy(isQueued);
    const [action] = await stored();
    expect(action).toMatchObject({ kind: 'grab', maybeSent: true });
    expect(await removeAction(action!.id!)).toBe('maybeSent');
    expect(await stored()).toHaveLength(1);
  });
});

describe('signing out while the device is writing', () => {
  afterEach(async () => {
    await setQueueUser(null);
    vi.restoreAllMocks();
  });

  it('keeps nothing of a page save or a queued action started as the person signs out', async () => {
    await setQueueUser(USER);
    const client = createQueryClient();
    client.setQueryData(['notifications', 'list'], { items: [{ id: 'n-1' }] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The person signs out; before the page has drawn itself signed out, a debounced page save
    // fires and an action is queued (both still carry the person's id).
    const clearing = clearOfflineData();
    const saving = saveSnapshot(client, USER);
    const queueing = sendOrQueue({
      kind: 'readNotification',
      targetIds: ['n-1'],
      method: 'POST',
      path: '/api/notifications/n-1/read',
    }).then(
      () => null,
      (error: unknown) => error,
    );
    await clearing;
    expect(await saving).toBeNull();
    expect(await queueing).toMatchObject({ status: 401 });
    const db = await offlineDb();
    expect([await db.count('actions'), await db.count('snapshots')]).toEqual([0, 0]);

    // Signed in again, the same writes are kept.
    await setQueueUser(null);
    await setQueueUser(USER);
    expect(await saveSnapshot(client, USER)).toEqual(expect.any(Number));
    expect(await db.count('snapshots')).toBe(1);
    await clearOfflineData();
  });
});
