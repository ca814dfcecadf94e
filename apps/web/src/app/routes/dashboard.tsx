import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_LIMITS } from '@annasetu/domain';
import { Alert } from '../../components/ui/alert';
import { useActivity } from '../../features/analytics/api/get-activity';
import { useMyStats } from '../../features/analytics/api/get-my-stats';
import { ActivityList } from '../../features/analytics/components/activity-list';
import { FigureCards } from '../../features/analytics/components/figure-cards';
import { ImpactPanel } from '../../features/analytics/components/impact-panel';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { WelcomeBanner } from '../../features/dashboard/components/welcome-banner';
import { LatestNotifications } from '../../features/notifications/components/latest-notifications';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

export { WelcomeBanner };

/**
 * The overview: greeting, quick actions, the user's all-time figures, the 5 newest donations and
 * requests, the 3 newest notifications and the impact sentences earned so far.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('nav.dashboard'));
  const stats = useMyStats('all');
  const activity = useActivity(LIST_LIMITS.dashboardRecentActivity);
  if (!user) return null;

  return (
    <div className="page dashboard">
      <WelcomeBanner name={user.name} role={user.role} />
      <QuickActions role={user.role} />
      <section aria-labelledby="your-numbers" className="page__section">
        <h2 id="your-numbers" className="section-heading">
          {t('dashboard.yourNumbers')}
        </h2>
        {stats.isError ? (
          <Alert tone="error" title={t('analytics.errors.personal')} />
        ) : (
          <FigureCards role={user.role} stats={stats.data?.stats} isPending={stats.isPending} />
        )}
      </section>
      <div className="dashboard__columns">
        <section className="panel page__section" aria-labelledby="recent-activity">
          <div className="panel__head">
            <h2 id="recent-activity" className="section-heading">
              {t('dashboard.recentActivity')}
            </h2>
            <Link to="/analytics" className="text-link">
              {t('dashboard.seeAnalytics')}
            </Link>
          </div>
          {activity.isPending ? (
            <div className="skeleton-block" aria-hidden="true" />
          ) : (
            <ActivityList items={activity.data ?? []} userId={user.id} />
          )}
        </section>
        <LatestNotifications headingId="dashboard-notifications" />
      </div>
      {stats.data ? (
        <ImpactPanel role={user.role} stats={stats.data.stats} headingId="dashboard-impact" />
      ) : null}
    </div>
  );
}

export { DashboardPage as Component };
