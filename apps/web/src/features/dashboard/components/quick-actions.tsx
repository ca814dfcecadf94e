import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDonorRole, type Role } from '@annasetu/domain';
import { ChartIcon, ChatIcon, GiftIcon, InboxIcon } from '../../../components/ui/icons';

export type ActionKey =
  'createDonation' | 'viewRequests' | 'analytics' | 'createRequest' | 'browse' | 'chatbot';

interface QuickAction {
  key: ActionKey;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The seed's quick actions: donors, the food bank, and everyone else. */
export function quickActions(role: Role): QuickAction[] {
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

export function QuickActions({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quick-actions" className="page__section">
      <h2 id="quick-actions" className="section-heading">
        {t('dashboard.quickActions')}
      </h2>
      <ul className="action-grid" data-testid="quick-actions">
        {quickActions(role).map(({ key, to, icon: Icon }) => (
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
  );
}
