import { useSyncExternalStore } from 'react';
import { queueSnapshot, subscribeQueue } from '../lib/queue';

/** The signed-in user's queued actions and the sync state, live. */
export function useQueue() {
  return useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
}

/** The queued or refused actions that belong on one card (a donation or a request). */
export function useQueuedFor(...ids: Array<string | null | undefined>) {
  const { actions } = useQueue();
  return actions.filter((a) => a.targetIds.some((id) => id && ids.includes(id)));
}
