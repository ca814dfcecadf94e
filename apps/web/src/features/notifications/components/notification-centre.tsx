import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES, notificationTypesFor, type AppNotification } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BellIcon, CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { translateError } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useNotifications, type NotificationFilter } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/update-notifications';
import { CoverageActions } from './coverage-actions';
import { NotificationItem } from './notification-item';
import '../notifications.css';
import { isQueued } from '../../../offline/lib/queue';

/**
 * The notification centre: newest first, 50 a page with more loaded on scroll (or the button),
 * a type filter, mark one or all read, delete.
 */
export function NotificationCentre() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Only the kinds that can reach this person are offered as filters.
  const kinds = user ? notificationTypesFor(user.role) : NOTIFICATION_TYPES;
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const query = useNotifications(filter);
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  function handleMarkAll() {
    markAll.mutate(undefined, {
      onSuccess: () => void toast.success(t('notifications.toast.allRead')),
      onError: () => void toast.error(t('notifications.toast.allReadError')),
    });
  }

  function handleMarkRead(notification: AppNotification) {
    if (notification.isRead) return;
    markRead.mutate(notification, {
      onError: (error) => {
        if (!isQueued(error)) void toast.error(translateError(t, error));
      },
    });
  }

  function handleDelete(notification: AppNotification) {
    remove.mutate(notification.id, {
      onSuccess: () => void toast.success(t('notifications.toast.deleted')),
      onError: () => void toast.error(t('notifications.toast.deleteError')),
    });
  }

  return (
    <section className="page__section" aria-labelledby="notification-list-title">
      <div className="notice-toolbar">
        <h2 id="notification-list-title" className="sr-only">
          {t('notifications.listTitle')}
        </h2>
        <div className="notice-toolbar__filter">
          {/* A filter, not a form field: no required/optional marker. */}
          <div className="field">
            <label className="field__label" htmlFor="notification-filter">
              {t('notifications.filterLabel')}
            </label>
            <select
              id="notification-filter"
              className="field__control field__control--select"
              value={filter}
              onChange={(event) => setFilter(event.target.value as NotificationFilter)}
            >
              <option value="all">{t('notifications.filter.all')}</option>
              {kinds.map((type) => (
                <option key={type} value={type}>
                  {t(`notifications.filter.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button
          variant="secondary"
          onClick={handleMarkAll}
          loading={markAll.isPending}
          disabled={unread === 0}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>

      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <Alert tone="error" title={t('notifications.loadError')}>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('notifications.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <span className="empty-state__icon">
            <BellIcon />
          </span>
          <p className="empty-state__title">
            {filter === 'all'
              ? t('sections.notifications.emptyTitle')
              : t('notifications.emptyFiltered')}
          </p>
          <p className="empty-state__body">{t('sections.notifications.emptyBody')}</p>
        </div>
      ) : (
        <>
          <ul className="notice-list" aria-busy={query.isFetching || undefined}>
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onOpen={handleMarkRead}
                  actions={
                    <>
                      {notification.type === 'coverage_unclaimed' ? (
                        <CoverageActions notification={notification} />
                      ) : null}
                      {notification.isRead ? null : (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => handleMarkRead(notification)}
                          disabled={
                            markRead.isPending && markRead.variables?.id === notification.id
                          }
                        >
                          {t('notifications.markRead')}
                        </Button>
                      )}
                      <button
                        type="button"
                        className="icon-button notice__delete"
                        aria-label={t('notifications.delete')}
                        onClick={() => handleDelete(notification)}
                        disabled={remove.isPending && remove.variables === notification.id}
                      >
                        <CloseIcon />
                      </button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="notice-list__end">
            {hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => void fetchNextPage()}
                loading={isFetchingNextPage}
              >
                {t('notifications.loadMore')}
              </Button>
            ) : (
              <p className="notice-list__done">{t('notifications.endOfList')}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
