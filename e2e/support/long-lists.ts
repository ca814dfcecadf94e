import { expect } from 'vitest';
import type { Page } from 'playwright-core';

// Long offline lists on a phone: the stores filled as the app fills them, and what a test needs
// to walk the windowed lists they make.

/**
 * Fills the phone's stores as the app fills them: `queued` grabs waiting for signal and `cached`
 * donations of the signed-in donor (copies of their real donation) saved for offline use.
 */
export async function fillPhone(page: Page, userId: string, queued: number, cached: number) {
  await page.evaluate(
    async ({ userId, queued, cached }) => {
      const mine = (await (await fetch('/api/donations/mine?limit=20')).json()) as {
        items: Array<{ id: string } & Record<string, unknown>>;
      };
      const template = mine.items[0]!;
      const items = Array.from({ length: cached }, (_, i) => ({
        ...template,
        id: `${template.id.slice(0, 24)}${String(i).padStart(12, '0')}`,
        foodType: `Kept meal ${i + 1}`,
      }));
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        const open = indexedDB.open('annasetu-offline', 1);
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
    { userId, queued, cached },
  );
}

/**
 * Waits until `count` long lists have their windowed renderer: until it loads they show their
 * first rows only, so the page is short and Tab leaves the list after them.
 */
export async function windowedLists(page: Page, count: number) {
  await expect.poll(() => page.locator('ul.virtual-list').count()).toBe(count);
}

/** The list position (aria-posinset) of the row holding the keyboard focus. */
export function focusedRow(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null,
  );
}
