import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { NotificationCentre } from '../../features/notifications/components/notification-centre';
import { PushSettings } from '../../features/push/components/push-settings';

export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader
        title={t('sections.notifications.title')}
        description={t('sections.notifications.description')}
      />
      <PushSettings />
      <NotificationCentre />
    </div>
  );
}

export { NotificationsPage as Component };
