import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { userKeys } from '../../../lib/query-keys';
import { adminKeys } from '../../admin/api/query-keys';
import { statsKeys } from '../../analytics/api/query-keys';
import { donationKeys } from '../../donations/api/query-keys';
import { notificationKeys } from '../../notifications/api/query-keys';
import { requestKeys } from '../../requests/api/query-keys';
import { seriesKeys } from '../../series/api/query-keys';
import { keysForEvent } from './use-live-updates';

// One cached entry of each kind the screens keep, by the features' own factories.
const CACHED = {
  incoming: requestKeys.incoming(),
  requestList: requestKeys.list('all'),
  available: donationKeys.available({ radiusKm: 10, sort: 'newest' }),
  series: seriesKeys.all,
  myStats: statsKeys.me('default'),
  platformStats: statsKeys.platform('all'),
  activity: statsKeys.activity(5),
  changeLog: adminKeys.events(),
  adminFigures: adminKeys.platformStats(),
  session: SESSION_QUERY_KEY,
  unread: notificationKeys.unreadCount(),
  users: userKeys.byRole('foodbank'),
} as const;

/** Which of the cached entries an event marks stale. */
function staleAfter(kind: string): string[] {
  const client = new QueryClient();
  for (const key of Object.values(CACHED)) client.setQueryData(key, 1);
  const keys = keysForEvent(kind);
  if (keys === 'all') return ['all'];
  for (const queryKey of keys) void client.invalidateQueries({ queryKey, refetchType: 'none' });
  return Object.entries(CACHED)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('keysForEvent', () => {
  it('refreshes lists, statistics, the change log and tokens when a donation or request moves', () => {
    const expected = [
      'incoming',
      'requestList',
      'available',
      'series',
      'myStats',
      'platformStats',
      'activity',
      'changeLog',
      'adminFigures',
      'session',
    ];
    expect(staleAfter('donation')).toEqual(expected);
    expect(staleAfter('request')).toEqual(expected);
  });

  it('refreshes only the notifications on a notification', () => {
    expect(staleAfter('notification')).toEqual(['unread']);
  });

  it('refreshes everything on resync and nothing on an unknown event', () => {
    expect(staleAfter('resync')).toEqual(['all']);
    expect(staleAfter('ready')).toEqual([]);
  });
});
