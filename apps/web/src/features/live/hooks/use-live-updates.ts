import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { adminKeys } from '../../admin/api/query-keys';
import { statsKeys } from '../../analytics/api/query-keys';
import { donationKeys } from '../../donations/api/query-keys';
import { notificationKeys } from '../../notifications/api/query-keys';
import { requestKeys } from '../../requests/api/query-keys';
import { seriesKeys } from '../../series/api/query-keys';

/** Connection state of the live stream, for the small status indicator. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

const EVENTS_URL = '/api/events';
// Invalidations arriving together (a request creates a notification and changes a feed) are
// applied once.
const BATCH_MS = 150;
// A stream the browser gave up on (e.g. the server answered an error) is reopened by us.
const REOPEN_MIN_MS = 3_000;
const REOPEN_MAX_MS = 60_000;

/**
 * Which cached queries an event makes stale, through each feature's key factories. A donation or
 * request that moves changes the lists, the figures (statistics, the change log) and possibly the
 * user's tokens.
 */
export function keysForEvent(kind: string): QueryKey[] | 'all' {
  switch (kind) {
    case 'notification':
      return [notificationKeys.all];
    case 'donation':
    case 'request':
      // A recurring donation the server posted moves its series' next postings on.
      return [
        donationKeys.all,
        requestKeys.all,
        seriesKeys.all,
        statsKeys.all,
        adminKeys.all,
        SESSION_QUERY_KEY,
      ];
    // A pickup conversation's new message: only the open threads refetch.
    case 'thread':
      return [requestKeys.threads()];
    case 'resync':
      return 'all';
    default:
      return [];
  }
}

function createBatcher(queryClient: QueryClient) {
  let pending: QueryKey[] = [];
  let everything = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (everything) void queryClient.invalidateQueries();
    else {
      const seen = new Set<string>();
      for (const key of pending) {
        const id = JSON.stringify(key);
        if (seen.has(id)) continue;
        seen.add(id);
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }
    pending = [];
    everything = false;
  };
  return {
    add(keys: QueryKey[] | 'all') {
      if (keys === 'all') everything = true;
      else if (keys.length === 0) return;
      else pending.push(...keys);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/**
 * One EventSource on /api/events while signed in. New notifications refresh the notification
 * queries, donation and request changes refresh those lists, `resync` refreshes everything. The
 * browser reconnects by itself and sends Last-Event-ID, so nothing is missed across short drops.
 */
export function useLiveUpdates(enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const batch = createBatcher(queryClient);
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenDelay = REOPEN_MIN_MS;
    let opened = 0;
    let stopped = false;

    const open = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        reopenDelay = REOPEN_MIN_MS;
        setStatus('open');
        // A new EventSource has no Last-Event-ID: whatever happened meanwhile is unknown.
        if (opened++ > 0) batch.add('all');
      };
      source.onerror = () => {
        if (stopped || !source) return;
        setStatus('reconnecting');
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          reopenTimer = setTimeout(open, reopenDelay);
          reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
        }
      };
      for (const kind of ['notification', 'donation', 'request', 'thread', 'resync']) {
        source.addEventListener(kind, () => batch.add(keysForEvent(kind)));
      }
    };
    open();

    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      batch.cancel();
      source?.close();
    };
  }, [enabled, queryClient]);

  return status;
}
