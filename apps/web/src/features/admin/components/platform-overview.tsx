import { useTranslation } from 'react-i18next';
import type { PlatformStats } from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ImpactBasisNote } from '../../../components/ui/impact-basis-note';
import { StatCard } from '../../../components/ui/stat-card';
import { ChartIcon, GiftIcon, LeafIcon, UsersIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';
import { usePlatformStats } from '../api/admin-api';

const CARDS: {
  key: keyof PlatformStats;
  tone: 'green' | 'saffron' | 'blue' | 'rose';
  decimals?: number;
}[] = [
  { key: 'totalUsers', tone: 'blue' },
  { key: 'totalDonors', tone: 'saffron' },
  { key: 'totalReceivers', tone: 'green' },
  { key: 'totalVolunteers', tone: 'rose' },
  { key: 'totalCompletedDonations', tone: 'saffron' },
  { key: 'totalMealsDonated', tone: 'green' },
  { key: 'totalKgDonated', tone: 'blue', decimals: 1 },
  { key: 'totalCO2Saved', tone: 'green', decimals: 1 },
];

const ICONS: Partial<Record<keyof PlatformStats, typeof UsersIcon>> = {
  totalUsers: UsersIcon,
  totalCompletedDonations: GiftIcon,
  totalCO2Saved: LeafIcon,
};

/** The whole platform since the start: people by kind and what they achieved together. */
export function PlatformOverview() {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { data, isPending, isError } = usePlatformStats();
  return (
    <section className="page__section" aria-labelledby="admin-stats-title">
      <h2 id="admin-stats-title" className="section-heading">
        {t('admin.statsTitle')}
      </h2>
      {isPending ? (
        <Spinner label={t('common.loading')} />
      ) : isError ? (
        <Alert tone="error" title={t('admin.statsError')} />
      ) : (
        <>
          <div className="stat-grid">
            {CARDS.map(({ key, tone, decimals }) => {
              const Icon = ICONS[key] ?? ChartIcon;
              return (
                <StatCard
                  key={key}
                  tone={tone}
                  icon={<Icon />}
                  label={t(`admin.stats.${key}`)}
                  value={number(data[key], { maximumFractionDigits: decimals ?? 0 })}
                />
              );
            })}
          </div>
          <ImpactBasisNote
            counted={data.totalCompletedDonations}
            measured={data.totalMeasuredDonations}
          />
        </>
      )}
    </section>
  );
}
