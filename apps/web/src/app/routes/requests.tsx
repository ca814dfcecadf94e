import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { HowItWorks } from '../../features/requests/components/how-it-works';
import { RequestsBoard } from '../../features/requests/components/requests-board';
import { useSession } from '../../lib/session';
import '../../styles/donations.css';
import '../../styles/requests.css';

/** Requests and deliveries: filters, each role's actions, incoming deliveries, how it works. */
export function RequestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="page">
      <PageHeader
        title={t('sections.requests.title')}
        description={t('sections.requests.description')}
      />
      <RequestsBoard user={user} aside={<HowItWorks role={user.role} />} />
    </div>
  );
}

export { RequestsPage as Component };
