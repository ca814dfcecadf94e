import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_LIMITS } from '@annasetu/domain';
import { Spinner } from '../../../components/ui/spinner';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/update-notifications';
import { NotificationItem } from './notification-item';
import '../notifications.css';

interface LatestNotificationsProps {
  /** The heading's id, so the surrounding section can be labelled by it. */
  headingId?: string;
}

/** The dashboard's panel: the 3 newest notifications with an unread dot, and a view-all link. */
export function LatestNotifications({
  headingId = 'latest-notifications',
}: LatestNotificationsProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLatestNotifications(LIST_LIMITS.dashboardNotifications);
  const markRead = useMarkNotificationRead();

  return (
    <section className="panel latest-notices" aria-labelledby={headingId}>
      <div className="latest-notices__head">
        <h2 id={headingId} className="section-heading">
          {t('notifications.latestTitle')}
        </h2>
        <Link to="/notifications" className="text-link">
          {t('notifications.viewAll')}
        </Link>
      </div>
      {isPending ? (
        <Spinner label={t('common.loading')} />
      ) : isError || data.length === 0 ? (
        <p className="latest-notices__empty">{t('notifications.emptyLatest')}</p>
      ) : (
        <ul className="notice-list">
          {data.map((notification) => (
            <li key={notification.id}>
              <NotificationItem
                notification={notification}
                compact
                onOpen={(n) => {
                  if (!n.isRead) markRead.mutate(n);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
