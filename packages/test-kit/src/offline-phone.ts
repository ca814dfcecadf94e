// A phone's offline stores filled as the web app fills them, for the browser tests of long
// offline lists and the offline benchmark.

// The page's IndexedDB as far as it is used here: the kit is compiled without the DOM library
// (the server's process tests import it too).
interface Request<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface Database {
  transaction(
    stores: string[],
    mode: 'readwrite',
  ): {
    objectStore(name: string): { add(value: unknown): unknown; put(value: unknown): unknown };
    oncomplete: ((value: unknown) => void) | null;
  };
  close(): void;
}
type Browser = { indexedDB: { open(name: string, version: number): Request<Database> } };

/** What of a Playwright page this needs (the kit does not depend on Playwright itself). */
export interface PageLike {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  goto(url: string): Promise<unknown>;
}

/** A page of the app's origin that does not run the app (the service worker lets /api pass). */
const OUTSIDE_THE_APP = '/api/health';

/**
 * Fills the phone's stores as the app fills them: `queued` grabs waiting for signal and `cached`
 * donations of the signed-in donor (copies of their real donation, named `label 1`, `label 2`, …)
 * saved for offline use, as apps/web/src/offline/lib/store.ts writes them.
 *
 * The stores are filled from a page outside the app, and the page is left there: a running app
 * saves its own lists half a second after each answer from the server and would overwrite the
 * filled ones. Take the phone offline before opening the app again.
 */
export async function fillPhone(
  page: PageLike,
  userId: string,
  queued: number,
  cached: number,
  label = 'Kept meal',
) {
  await page.goto(OUTSIDE_THE_APP);
  await page.evaluate(
    async ({ userId, queued, cached, label }) => {
      const mine = (await (await fetch('/api/donations/mine?limit=20')).json()) as {
        items: Array<{ id: string } & Record<string, unknown>>;
      };
      const template = mine.items[0]!;
      const items = Array.from({ length: cached }, (_, i) => ({
        ...template,
        id: `${template.id.slice(0, 24)}${String(i).padStart(12, '0')}`,
        foodType: `${label} ${i + 1}`,
      }));
      const db: Database = await new Promise((resolve, reject) => {
        const open = (globalThis as unknown as Browser).indexedDB.open('annasetu-offline', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['actions', 'snapshots'], 'readwrite');
      for (let i = 0; i < queued; i++) {
        const id = items[i % cached]!.id;
        tx.objectStore('actions').add({
          userId,
          kind: 'grab',
          targetIds: [id],
          method: 'POST',
          path: `/api/donations/${id}/grab`,
          key: `long-list-${i}`,
          createdAt: Date.now(),
          state: 'waiting',
          title: `Queued meal ${i + 1}`,
        });
      }
      tx.objectStore('snapshots').put({
        userId,
        savedAt: Date.now(),
        state: {
          mutations: [],
          queries: [
            {
              queryKey: ['donations', 'mine'],
              queryHash: '["donations","mine"]',
              state: {
                data: { pages: [{ items, nextCursor: null }], pageParams: [null] },
                dataUpdateCount: 1,
                dataUpdatedAt: Date.now(),
                error: null,
                errorUpdateCount: 0,
                errorUpdatedAt: 0,
                fetchFailureCount: 0,
                fetchFailureReason: null,
                fetchMeta: null,
                isInvalidated: false,
                status: 'success',
                fetchStatus: 'idle',
              },
            },
          ],
        },
      });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { userId, queued, cached, label },
  );
}
