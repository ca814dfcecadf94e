import { useEffect } from 'react';

/**
 * Mounted while signed in: re-registers this browser's push subscription when it is stale. The
 * push client loads only then, five seconds after the page, so it is not part of every signed-in
 * page's first download.
 */
export function PushRefresh() {
  useEffect(() => {
    const timer = setTimeout(() => {
      void import('../lib/push-client')
        .then(({ refreshPushIfStale }) => refreshPushIfStale())
        .catch(() => {});
    }, 5_000);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
