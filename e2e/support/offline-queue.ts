// What the offline queue's browser tests ask the server and the device: requests and notices
// of a user, a donation's state, the actions kept in IndexedDB.
import type { Page } from 'playwright-core';
import { apiCall } from './donation-flows';

export async function tokensOf(page: Page): Promise<number> {
  const { data } = await apiCall<{ user: { tokens: number } }>(page, 'GET', '/api/me');
  return data.user.tokens;
}

export interface RequestRow {
  id: string;
  foodType: string;
  status: string;
}

export async function requestsFor(page: Page, food: string): Promise<RequestRow[]> {
  const { data } = await apiCall<{ items: RequestRow[] }>(
    page,
    'GET',
    '/api/requests?filter=all&limit=50',
  );
  return data.items.filter((r) => r.foodType === food);
}

export async function noticesOf(page: Page, type: string): Promise<number> {
  const { data } = await apiCall<{ items: { type: string }[] }>(
    page,
    'GET',
    `/api/notifications?type=${type}`,
  );
  return data.items.filter((n) => n.type === type).length;
}

/** The donation as the server holds it, asked by someone whose page has signal. */
export async function donationOnServer(page: Page, donationId: string) {
  const { data } = await apiCall<{ donation: { status: string; volunteerId: string | null } }>(
    page,
    'GET',
    `/api/donations/${donationId}`,
  );
  return data.donation;
}

/**
 * Checks that nothing happens for `ms`: runs `check` every 250 ms and fails the first time it
 * does (instead of sleeping and looking once at the end).
 */
export async function staysFor(ms: number, check: () => Promise<void>) {
  const end = Date.now() + ms;
  for (;;) {
    await check();
    if (Date.now() >= end) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How many actions the phone keeps in its queue (waiting or refused). */
export function storedActions(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open('annasetu-offline', 1);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = await new Promise<number>((resolve) => {
      const request = db.transaction('actions').objectStore('actions').count();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return count;
  });
}
