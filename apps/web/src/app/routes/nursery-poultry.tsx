import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserCounters } from '../../components/user-counters';
import { BellIcon, InboxIcon, MapIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';
import { WelcomeBanner } from './dashboard';

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
  if (!user) return null;

  return (
    <div className="page">
      <WelcomeBanner name={user.name} role={user.role} />
      <section aria-labelledby="np-incoming" className="page__section">
        <h2 id="np-incoming" className="section-heading">
          {t('nurseryPoultry.incomingTitle')}
        </h2>
        <p className="section-lead">{t('nurseryPoultry.incomingBody')}</p>
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
        <UserCounters user={user} />
      </section>
    </div>
  );
}

export { NurseryPoultryDashboardPage as Component };
