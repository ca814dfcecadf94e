import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { RequestsBoard } from '../../features/requests/components/requests-board';
import { useSession } from '../../lib/session';
import '../../styles/donations.css';
import '../../styles/requests.css';

// The steps of each role sit beside (on a phone, below) the list: they load after it, so the
// screen answers a tap sooner.
const HowItWorks = lazy(() =>
  import('../../features/requests/components/how-it-works').then((module) => ({
    default: module.HowItWorks,
  })),
);

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
      <RequestsBoard
        user={user}
        aside={
          <Suspense fallback={null}>
            <HowItWorks role={user.role} />
          </Suspense>
        }
      />
    </div>
  );
}

export { RequestsPage as Component };
