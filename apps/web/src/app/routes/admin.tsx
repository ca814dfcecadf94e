import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { AdminEvents } from '../../features/admin/components/admin-events';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { PlatformOverview } from '../../features/admin/components/platform-overview';
import { SmsOverview } from '../../features/admin/components/sms-overview';
import '../../features/admin/admin.css';

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('sections.admin.title')} description={t('sections.admin.description')} />
      <PlatformOverview />
      <SmsOverview />
      <AdminUsers />
      <AdminEvents />
    </div>
  );
}

export { AdminPage as Component };
