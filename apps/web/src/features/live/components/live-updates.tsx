import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveUpdates } from '../hooks/use-live-updates';
import '../live.css';

// Short drops (a server restart, a phone switching networks) heal silently.
const SHOW_AFTER_MS = 4_000;

/**
 * Keeps the signed-in app live, and says so quietly when the stream is down: a small pill in
 * the corner, never a dialog. While the device is offline the offline banner speaks instead.
 */
export function LiveUpdates({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const status = useLiveUpdates(enabled);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (status !== 'reconnecting') {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(navigator.onLine !== false), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <div className="live-status" role="status" data-testid="live-status" data-state={status}>
      {visible ? (
        <span className="live-status__pill">
          <span className="live-status__dot" aria-hidden="true" />
          {t('notifications.live.reconnecting')}
        </span>
      ) : null}
    </div>
  );
}
