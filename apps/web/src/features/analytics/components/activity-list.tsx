import { useTranslation } from 'react-i18next';
import { GiftIcon, InboxIcon, TruckIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';
import type { ActivityItem } from '../api/get-activity';
import { activityStatus, activityText } from '../lib/activity-text';

interface ActivityListProps {
  items: ActivityItem[];
  userId: string;
}

/** Recent donations and requests, newest first, each with its status and date. */
export function ActivityList({ items, userId }: ActivityListProps) {
  const { t } = useTranslation();
  const { date } = useFormat();
  if (items.length === 0) return <p className="activity__empty">{t('impact.activity.empty')}</p>;
  return (
    <ol className="activity" data-testid="activity-list">
      {items.map((item) => {
        const id = item.kind === 'donation' ? item.donation.id : item.request.id;
        const Icon =
          item.kind === 'donation'
            ? GiftIcon
            : item.request.volunteerId === userId
              ? TruckIcon
              : InboxIcon;
        const status = activityStatus(item);
        return (
          <li key={`${item.kind}-${id}`} className="activity__item">
            <span className="activity__icon" aria-hidden="true">
              <Icon />
            </span>
            <span className="activity__text">{activityText(item, userId, t)}</span>
            <span className={`status-chip status-chip--${status}`}>
              {t(`impact.status.${status}`)}
            </span>
            <time className="activity__date" dateTime={item.at}>
              {date(item.at, {
                day: 'numeric',
                month: 'short',
                hour: 'numeric',
                minute: '2-digit',
              })}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
