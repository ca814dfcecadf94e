import { useTranslation } from 'react-i18next';
import { useMyStats } from '../../features/analytics/api/get-my-stats';
import { FigureCards } from '../../features/analytics/components/figure-cards';
import { ImpactPanel } from '../../features/analytics/components/impact-panel';
import { IncomingDeliveries } from '../../features/requests/components/incoming-deliveries';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { WelcomeBanner } from '../../features/dashboard/components/welcome-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

/** Nurseries and poultry farms: food not fit for people, arriving by volunteer or donor. */
export function NurseryPoultryDashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('nurseryPoultry.title'));
  const stats = useMyStats('all');
  if (!user) return null;

  return (
    <div className="page">
      <WelcomeBanner name={user.name} role={user.role} />
      <section aria-labelledby="np-incoming" className="page__section">
        <h2 id="np-incoming" className="section-heading">
          {t('nurseryPoultry.incomingTitle')}
        </h2>
        <p className="section-lead">{t('nurseryPoultry.incomingBody')}</p>
        <IncomingDeliveries />
      </section>
      <QuickActions role={user.role} />
      <section aria-labelledby="np-numbers" className="page__section">
        <h2 id="np-numbers" className="section-heading">
          {t('dashboard.yourNumbers')}
        </h2>
        <FigureCards role={user.role} stats={stats.data?.stats} isPending={stats.isPending} />
      </section>
      {stats.data ? (
        <ImpactPanel role={user.role} stats={stats.data.stats} headingId="np-impact" />
      ) : null}
    </div>
  );
}

export { NurseryPoultryDashboardPage as Component };
