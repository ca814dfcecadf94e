import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDonorRole, type Role } from '@annasetu/domain';
import { UserCounters } from '../../components/user-counters';
import { ChartIcon, ChatIcon, GiftIcon, InboxIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session';

type ActionKey =
  'createDonation' | 'viewRequests' | 'analytics' | 'createRequest' | 'browse' | 'chatbot';

interface QuickAction {
  key: ActionKey;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The seed's quick actions: donors, the food bank, and everyone else. */
function quickActions(role: Role): QuickAction[] {
  if (isDonorRole(role)) {
    return [
      { key: 'createDonation', to: '/donations', icon: GiftIcon },
      { key: 'viewRequests', to: '/requests', icon: InboxIcon },
      { key: 'analytics', to: '/analytics', icon: ChartIcon },
    ];
  }
  if (role === 'foodbank') {
    return [
      { key: 'createRequest', to: '/requests', icon: InboxIcon },
      { key: 'browse', to: '/donations', icon: GiftIcon },
      { key: 'analytics', to: '/analytics', icon: ChartIcon },
    ];
  }
  return [
    { key: 'createDonation', to: '/donations', icon: GiftIcon },
    { key: 'createRequest', to: '/requests', icon: InboxIcon },
    { key: 'chatbot', to: '/chatbot', icon: ChatIcon },
  ];
}

export function WelcomeBanner({ name, role }: { name: string; role: Role }) {
  const { t } = useTranslation();
  return (
    <section className="welcome">
      <p className="welcome__role">{t(`roles.${role}.label`)}</p>
      <h1 className="welcome__title" tabIndex={-1}>
        {t('dashboard.welcome', { name })}
      </h1>
      <p className="welcome__tagline">{t(`roles.${role}.tagline`)}</p>
    </section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(t('nav.dashboard'));
  if (!user) return null;

  return (
    <div className="page">
      <WelcomeBanner name={user.name} role={user.role} />
      <section aria-labelledby="quick-actions" className="page__section">
        <h2 id="quick-actions" className="section-heading">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="action-grid">
          {quickActions(user.role).map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link to={to} className="action-card">
                <span className="action-card__icon">
                  <Icon />
                </span>
                <span className="action-card__title">{t(`dashboard.actions.${key}.title`)}</span>
                <span className="action-card__body">{t(`dashboard.actions.${key}.body`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="your-numbers" className="page__section">
        <h2 id="your-numbers" className="section-heading">
          {t('dashboard.yourNumbers')}
        </h2>
        <UserCounters user={user} />
      </section>
    </div>
  );
}

export { DashboardPage as Component };
