import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, onUpdateReady, updateReady } from '../../../lib/service-worker';
import '../pwa.css';

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the browser believes it is online (true on the server and in old browsers). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
}

/**
 * Two notices every page may need: "you are offline" (the app still opens from the cache) and
 * "a new version is ready" with a reload button.
 */
export function PwaNotices() {
  const { t } = useTranslation();
  const online = useOnline();
  const hasUpdate = useSyncExternalStore(onUpdateReady, updateReady, () => false);
  const [updateDismissed, setUpdateDismissed] = useState(false);

  return (
    <>
      <div role="status" className="pwa-offline-region">
        {online ? null : (
          <p className="pwa-offline" data-testid="offline-banner">
            <span className="pwa-offline__title">{t('pwa.offlineTitle')}</span>{' '}
            <span>{t('pwa.offlineBody')}</span>
          </p>
        )}
      </div>
      {hasUpdate && !updateDismissed ? (
        <div className="pwa-update" role="alert" data-testid="update-prompt">
          <p className="pwa-update__text">{t('pwa.updateReady')}</p>
          <div className="pwa-update__actions">
            <button type="button" className="btn btn--primary btn--sm" onClick={applyUpdate}>
              <span>{t('pwa.reload')}</span>
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setUpdateDismissed(true)}
            >
              <span>{t('pwa.later')}</span>
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
