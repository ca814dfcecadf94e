import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';

/** The unread count as a small pill; nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  if (count <= 0) return null;
  const shown = count > 99 ? `${number(99)}+` : number(count);
  return (
    <span className="badge" data-testid="unread-badge">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('notifications.unread', { count })}</span>
    </span>
  );
}
