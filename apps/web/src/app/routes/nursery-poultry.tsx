import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon, InboxIcon, MapIcon } from '../../components/ui/icons';
import { useMyStats } from '../../features/analytics/api/get-my-stats';
import { FigureCards } from '../../features/analytics/components/figure-cards';
import { ImpactPanel } from '../../features/analytics/components/impact-panel';
import { IncomingDeliveries } from '../../features/dashboard/components/incoming-deliveries';
import { WelcomeBanner } from '../../features/dashboard/components/welcome-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

const LINKS = [
  { key: 'incoming', to: '/requests', icon: InboxIcon },
  { key: 'map', to: '/map', icon: MapIcon },
  { key: 'notifications', to: '/notifications', icon: BellIcon },
] as const;

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
      <section aria-labelledby="np-links" className="page__section">
        <h2 id="np-links" className="section-heading">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="action-grid">
          {LINKS.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link to={to} className="action-card">
                <span className="action-card__icon">
                  <Icon />
                </span>
                <span className="action-card__title">{t(`nurseryPoultry.links.${key}.title`)}</span>
                <span className="action-card__body">{t(`nurseryPoultry.links.${key}.body`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
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
