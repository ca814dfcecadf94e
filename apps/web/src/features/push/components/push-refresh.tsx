import { useEffect } from 'react';
import { refreshPushIfStale } from '../lib/push-client';

/** Mounted while signed in: re-registers this browser's push subscription when it is stale. */
export function PushRefresh() {
  useEffect(() => {
    const timer = setTimeout(() => void refreshPushIfStale().catch(() => {}), 5_000);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
