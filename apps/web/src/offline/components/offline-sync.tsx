import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, wasSignedOut } from '../../lib/session';
import { useFormat } from '../../lib/use-format';
import { useQueue } from '../hooks/use-queue';
import {
  attachQueryClient,
  clearOfflineData,
  flushQueue,
  queueSnapshot,
  setQueueUser,
  signedInAgain,
} from '../lib/queue';
import { applyQueuedToCache, keepQueuedInCache } from '../lib/optimistic';
import { restoreSnapshot, saveSnapshot } from '../lib/snapshot';
import { browserSavesData, keepFontsWhenIdle, scriptsToKeep } from '../lib/fonts';
import { useDataSaver } from '../../lib/data-saver';
import { DESTINATION_TYPES } from '@annasetu/domain';
import { usersByRoleQueryOptions } from '../../lib/users-by-role';
import { QueueList } from './queued-actions';
import '../offline.css';

function useOnline(): boolean {
  // Rendered ahead of time (no navigator), a page starts online.
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * Keeps the device ready for the field: restores the saved field data at start, saves it again
 * whenever the lists change while online, sends the queue on start, on `online`, on focus and
 * when the service worker's Background Sync fires, and forgets everything on sign-out. Shows
 * "no signal, saved at …", how many actions wait, and asks to sign in again when needed.
 */
export function OfflineSync() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const online = useOnline();
  const queue = useQueue();
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => attachQueryClient(queryClient), [queryClient]);

  // Whose queue and data: restore the saved lists first, then send what waits.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (!userId) {
        if (wasSignedOut()) await clearOfflineData().catch(() => undefined);
        await setQueueUser(null);
        return;
      }
      await setQueueUser(userId);
      const restoredAt = await restoreSnapshot(queryClient, userId).catch(() => null);
      if (!cancelled && restoredAt) setSavedAt((s) => s ?? restoredAt);
      applyQueuedToCache(queryClient, queueSnapshot().actions);
      if (queueSnapshot().needsSignIn) signedInAgain();
      else void flushQueue().catch(() => undefined);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);

  // What waits in the queue shows in the device's copy of the lists, and stays there when a
  // list is asked again before the queue has gone.
  useEffect(() => {
    applyQueuedToCache(queryClient, queue.actions);
  }, [queryClient, queue.actions]);
  useEffect(() => keepQueuedInCache(queryClient, () => queueSnapshot().actions), [queryClient]);

  // A volunteer may record a collection offline: keep the destinations at hand.
  const role = user?.role;
  useEffect(() => {
    if (role !== 'volunteer' || !online) return;
    for (const type of DESTINATION_TYPES) {
      void queryClient.prefetchQuery(usersByRoleQueryOptions(type));
    }
  }, [queryClient, role, online]);

  // A language first chosen without signal must not show boxes: once the page is idle, the
  // service worker keeps the Indic fonts (the likely languages' first; only those when saving
  // data).
  const [dataSaver] = useDataSaver();
  const account = user?.language;
  const shown = i18n.resolvedLanguage;
  useEffect(() => {
    if (!userId || !online) return;
    const likely = [shown, account, ...navigator.languages];
    return keepFontsWhenIdle(scriptsToKeep(likely, dataSaver || browserSavesData()));
  }, [userId, online, shown, account, dataSaver]);

  // Save the field data whenever a list arrives from the server (debounced); the device's own
  // edits (`setQueryData`, marked manual) are not an answer from the server.
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.action.manual) return;
      if (!navigator.onLine) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        void saveSnapshot(queryClient, userId).then(
          (at) => at !== null && setSavedAt(at),
          () => undefined,
        );
      }, 500);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient, userId]);

  // Send the queue whenever the connection may be back.
  useEffect(() => {
    const send = () => void flushQueue();
    const visible = () => {
      if (document.visibilityState === 'visible') send();
    };
    const fromWorker = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'annasetu-sync') send();
    };
    window.addEventListener('online', send);
    window.addEventListener('focus', send);
    document.addEventListener('visibilitychange', visible);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', send);
      window.removeEventListener('focus', send);
      document.removeEventListener('visibilitychange', visible);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, []);

  const waiting = queue.actions.filter((a) => a.state === 'waiting').length;
  if (!userId) return null;
  const bar = !online || waiting > 0 || queue.needsSignIn;
  return (
    <>
      {bar ? (
        <div className="offline-bar" role="status" data-testid="offline-bar">
          {!online ? (
            <p>
              {savedAt
                ? t('offline.banner.offline', {
                    time: format.date(new Date(savedAt), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })
                : t('offline.banner.neverSaved')}
            </p>
          ) : null}
          {waiting > 0 ? (
            <p>
              {queue.syncing && online
                ? t('offline.banner.sending')
                : t('offline.banner.waiting', { count: waiting })}
            </p>
          ) : null}
          {queue.needsSignIn ? (
            <p>
              {t('offline.banner.signIn')} <Link to="/login">{t('offline.banner.signInLink')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <QueueList />
    </>
  );
}
