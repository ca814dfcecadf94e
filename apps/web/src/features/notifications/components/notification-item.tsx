import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppNotification } from '@annasetu/domain';
import { formatDate } from '../../../lib/format';
import { describeNotification, notificationHref } from '../lib/describe-notification';
import { relativeTime } from '../lib/relative-time';
import { NotificationTypeIcon } from './notification-type-icon';

interface NotificationItemProps {
  notification: AppNotification;
  /** Reading a notification marks it read; the centre passes this, the dashboard too. */
  onOpen?: (notification: AppNotification) => void;
  actions?: ReactNode;
  compact?: boolean;
}

/** One notification: icon, translated title and message, time, unread dot, link to its subject. */
export function NotificationItem({
  notification,
  onOpen,
  actions,
  compact,
}: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { title, message } = describeNotification(t, notification);
  const href = notificationHref(notification);
  const unread = !notification.isRead;
  const classes = ['notice', unread ? 'notice--unread' : '', compact ? 'notice--compact' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes} data-testid="notification" data-type={notification.type}>
      <span className={`notice__icon notice__icon--${notification.type}`} aria-hidden="true">
        <NotificationTypeIcon type={notification.type} />
      </span>
      <div className="notice__body">
        <h3 className="notice__title">
          {unread ? (
            <span className="notice__dot">
              <span className="sr-only">{t('notifications.unreadLabel')}</span>
            </span>
          ) : null}
          {href ? (
            <Link to={href} className="notice__link" onClick={() => onOpen?.(notification)}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="notice__message">{message}</p>
        <p className="notice__time">
          <time
            dateTime={notification.createdAt}
            title={formatDate(notification.createdAt, language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          >
            {relativeTime(notification.createdAt, language)}
          </time>
        </p>
      </div>
      {actions ? <div className="notice__actions">{actions}</div> : null}
    </article>
  );
}
