import { useTranslation } from 'react-i18next';
import {
  isVolunteerRole,
  kmNotDriven,
  REQUESTER_ROLES,
  hasAnyRole,
  type UserProfile,
} from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { InboxIcon, TruckIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { useFormat } from '../../../lib/use-format';
import { useMyStats } from '../api/get-my-stats';
import { FigureCards } from './figure-cards';

/**
 * The profile's stat cards, chosen by role (all-time figures), plus the requests counter for
 * those who ask for food, and a volunteer's impact blurb once they have delivered.
 */
export function ProfileImpact({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const stats = useMyStats('all');
  const s = stats.data?.stats;
  return (
    <>
      {stats.isError ? (
        <Alert tone="error" title={t('analytics.errors.personal')} />
      ) : (
        <FigureCards role={user.role} stats={s} isPending={stats.isPending} />
      )}
      {hasAnyRole(user.role, REQUESTER_ROLES) ? (
        <div className="stat-grid">
          <StatCard
            icon={<InboxIcon />}
            tone="blue"
            label={t('stats.requestsMade')}
            value={number(user.totalRequests)}
          />
        </div>
      ) : null}
      {s && isVolunteerRole(user.role) && s.deliveriesCompleted > 0 ? (
        <p className="volunteer-blurb" data-testid="volunteer-blurb">
          <span className="volunteer-blurb__icon" aria-hidden="true">
            <TruckIcon />
          </span>
          {t('impact.volunteerBlurb', {
            deliveries: number(s.deliveriesCompleted),
            co2: number(s.volunteerCo2, { maximumFractionDigits: 1 }),
            km: number(kmNotDriven(s.volunteerCo2), { maximumFractionDigits: 1 }),
          })}
        </p>
      ) : null}
    </>
  );
}
