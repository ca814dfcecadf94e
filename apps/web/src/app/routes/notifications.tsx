import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { NotificationCentre } from '../../features/notifications/components/notification-centre';
import { PushSettings } from '../../features/push/components/push-settings';
import { EmailSettings } from '../../features/notifications/components/email-settings';
import { useSession } from '../../lib/session';

export function NotificationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="page">
      <PageHeader
        title={t('sections.notifications.title')}
        description={t('sections.notifications.description')}
      />
      <PushSettings />
      {user ? <EmailSettings user={user} /> : null}
      <NotificationCentre />
    </div>
  );
}

export { NotificationsPage as Component };
