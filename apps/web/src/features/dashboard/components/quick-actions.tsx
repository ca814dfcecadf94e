import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDonorRole, type Role } from '@annasetu/domain';
import {
  ChartIcon,
  ChatIcon,
  GiftIcon,
  InboxIcon,
  ShieldIcon,
  TruckIcon,
} from '../../../components/ui/icons';

export type ActionKey =
  | 'createDonation'
  | 'viewRequests'
  | 'analytics'
  | 'createRequest'
  | 'myRequests'
  | 'findPickups'
  | 'myPickups'
  | 'incoming'
  | 'manageUsers'
  | 'chatbot';

interface QuickAction {
  key: ActionKey;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * Each role's quick actions, every one leading to a page where that role can do it (decision
 * 0019): requests are made from the donations feed, and volunteers collect rather than donate.
 */
export function quickActions(role: Role): QuickAction[] {
  if (isDonorRole(role)) {
    return [
      { key: 'createDonation', to: '/donations', icon: GiftIcon },
      { key: 'viewRequests', to: '/requests', icon: InboxIcon },
      { key: 'analytics', to: '/analytics', icon: ChartIcon },
    ];
  }
  switch (role) {
    case 'foodbank':
      return [
        { key: 'createRequest', to: '/donations', icon: GiftIcon },
        { key: 'myRequests', to: '/requests', icon: InboxIcon },
        { key: 'analytics', to: '/analytics', icon: ChartIcon },
      ];
    case 'volunteer':
      return [
        { key: 'findPickups', to: '/donations', icon: GiftIcon },
        { key: 'myPickups', to: '/requests', icon: TruckIcon },
        { key: 'chatbot', to: '/chatbot', icon: ChatIcon },
      ];
    case 'admin':
      return [
        { key: 'manageUsers', to: '/admin', icon: ShieldIcon },
        { key: 'analytics', to: '/analytics', icon: ChartIcon },
        { key: 'chatbot', to: '/chatbot', icon: ChatIcon },
      ];
    default:
      // Nurseries and poultry farms: deliveries of unfit food come to them, and they may ask.
      return [
        { key: 'incoming', to: '/requests', icon: InboxIcon },
        { key: 'createRequest', to: '/donations', icon: GiftIcon },
        { key: 'chatbot', to: '/chatbot', icon: ChatIcon },
      ];
  }
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
