import { useTranslation } from 'react-i18next';
import { REQUESTER_ROLES, hasAnyRole, isDonorRole, type UserProfile } from '@annasetu/domain';
import { useFormat } from '../lib/use-format';
import { CoinIcon, GiftIcon, InboxIcon, SparkIcon } from './ui/icons';
import { StatCard } from './ui/stat-card';

/**
 * The counters kept on the profile itself, chosen by role. The detailed per-role statistics
 * (CO2, meals, deliveries) come from the analytics service and sit beside these.
 */
export function UserCounters({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const { number, date } = useFormat();
  return (
    <div className="stat-grid">
      {isDonorRole(user.role) ? (
        <StatCard
          icon={<GiftIcon />}
          label={t('stats.donationsMade')}
          value={number(user.totalDonations)}
        />
      ) : null}
      {hasAnyRole(user.role, REQUESTER_ROLES) ? (
        <StatCard
          icon={<InboxIcon />}
          tone="blue"
          label={t('stats.requestsMade')}
          value={number(user.totalRequests)}
        />
      ) : null}
      <StatCard
        icon={<CoinIcon />}
        tone="saffron"
        label={t('stats.tokens')}
        value={number(user.tokens)}
      />
      <StatCard
        icon={<SparkIcon />}
        tone="rose"
        label={t('stats.memberSince')}
        value={date(user.createdAt, { month: 'short', year: 'numeric' })}
      />
    </div>
  );
}
