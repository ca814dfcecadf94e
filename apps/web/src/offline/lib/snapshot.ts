import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { userKeys } from '../../lib/query-keys';
import { donationKeys } from '../../features/donations/api/query-keys';
import { notificationKeys } from '../../features/notifications/api/query-keys';
import { requestKeys } from '../../features/requests/api/query-keys';
import { keepsDataOf, offlineDb } from './store';

/**
 * What a person in the field needs is kept on the device: their donations and the requests on
 * them, the requests they hold or sent (with donor, pickup and destination details), incoming
 * deliveries, notifications and the destinations a volunteer may choose. Feeds of other people's donations are not kept.
 */
function isFieldData(query: Query): boolean {
  const [scope, kind] = query.queryKey as [unknown, unknown];
  if (query.state.status !== 'success') return false;
  if (scope === donationKeys.all[0]) return kind === donationKeys.mine()[1];
  // Food banks, nurseries and farms: the collect form's destinations.
  return (
    scope === requestKeys.all[0] || scope === notificationKeys.all[0] || scope === userKeys.all[0]
  );
}

/**
 * Writes the field data of `userId` to IndexedDB; returns when it was saved, or null when
 * `userId` has signed out meanwhile (nothing of theirs is written after that).
 */
export async function saveSnapshot(client: QueryClient, userId: string): Promise<number | null> {
  const savedAt = Date.now();
  const state = dehydrate(client, { shouldDehydrateQuery: isFieldData });
  const db = await offlineDb();
  if (!keepsDataOf(userId)) return null;
  await db.put('snapshots', { userId, savedAt, state });
  return savedAt;
}

/**
 * Puts saved field data back into the query cache (newer data already in the cache wins). Every
 * list comes back marked out of date: it is shown at once, and any screen that shows it asks the
 * server again as soon as there is signal. Restored as it was saved, a list saved a moment ago
 * would count as fresh, and a filter saved empty would show "nothing here" without asking.
 */
export function seedFromSnapshot(client: QueryClient, state: DehydratedState): void {
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, isInvalidated: true },
    })),
  });
}

/**
 * Puts the saved field data of `userId` back into the query cache (see `seedFromSnapshot`).
 * Returns when it was saved, or null when nothing was.
 */
export async function restoreSnapshot(client: QueryClient, userId: string): Promise<number | null> {
  const db = await offlineDb();
  const saved = await db.get('snapshots', userId);
  if (!saved) return null;
  seedFromSnapshot(client, saved.state as DehydratedState);
  return saved.savedAt;
}

/** When the field data of `userId` was last saved, or null. */
export async function snapshotTime(userId: string): Promise<number | null> {
  const db = await offlineDb();
  return (await db.get('snapshots', userId))?.savedAt ?? null;
}
