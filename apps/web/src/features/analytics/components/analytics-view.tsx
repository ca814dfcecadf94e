import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  badgeStatuses,
  defaultRangeFor,
  EMPTY_USER_STATS,
  headlineFigures,
  isDonorRole,
  isReceiverRole,
  LIST_LIMITS,
  milestoneProgress,
  type AnalyticsRange,
  type UserProfile,
} from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ImpactBasisNote } from '../../../components/ui/impact-basis-note';
import { StatCard } from '../../../components/ui/stat-card';
import { ChartIcon, LeafIcon, UsersIcon } from '../../../components/ui/icons';
import { useFormat } from '../../../lib/use-format';
import { useActivity } from '../api/get-activity';
import { useFulfilment } from '../api/get-fulfilment';
import { useMyStats } from '../api/get-my-stats';
import { usePlatformStats } from '../api/get-platform-stats';
import { useTrends, type TrendScope } from '../api/get-trends';
import { visibleBuckets } from '../lib/buckets';
import { defaultTrendScope, fractionDigits } from '../lib/figures';
import { platformFigures } from '../lib/platform-figures';
import { progressBars } from '../lib/progress';
import { buildReportData } from '../report/build-report-data';
import { ActivityList } from './activity-list';
import { BadgeList } from './badge-list';
import { FigureCards } from './figure-cards';
import { ImpactPanel } from './impact-panel';
import { ProgressBar } from './progress-bar';
import { RangeSelector } from './range-selector';
import { ReportActions } from './report-actions';
import { TrendsChart } from './trends-chart';

// The register of food received is for receivers only: its code loads with their page, not
// with everyone's.
const RegisterSection = lazy(() =>
  import('./register-section').then((module) => ({ default: module.RegisterSection })),
);

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={message}>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('analytics.retry')}
      </Button>
    </Alert>
  );
}

/** The analytics screen: personal impact, progress, badges, platform overview, trends, activity. */
export function AnalyticsView({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation();
  const { number, date, language } = useFormat();
  const [range, setRange] = useState<AnalyticsRange>(defaultRangeFor(user.role));
  const [scope, setScope] = useState<TrendScope>(defaultTrendScope(user.role));
  const mine = useMyStats(range);
  const week = useMyStats('7');
  const platform = usePlatformStats(range);
  const trends = useTrends(range, scope);
  const activity = useActivity(LIST_LIMITS.analyticsRecentActivity);
  const fulfilment = useFulfilment(user.id, isReceiverRole(user.role));

  const stats = mine.data?.stats;
  const co2 = headlineFigures(stats ?? EMPTY_USER_STATS, user.role).co2Kg;
  const bars = progressBars({
    t,
    number,
    role: user.role,
    co2Kg: co2,
    milestone: milestoneProgress(co2),
    weekStats: week.data?.stats,
    fulfilment: fulfilment.data,
  });
  const shownTrends = trends.data
    ? {
        ...trends.data,
        // "All" has 120 months; the empty years before the first donation are left out.
        buckets:
          trends.data.granularity === 'month'
            ? visibleBuckets(trends.data.buckets)
            : trends.data.buckets,
      }
    : undefined;

  const report = () =>
    stats
      ? buildReportData({
          t,
          language: i18n.resolvedLanguage ?? language,
          number,
          date,
          user,
          range,
          stats,
          weekStats: week.data?.stats,
          fulfilment: fulfilment.data,
          platform: platform.data?.stats,
          trends: shownTrends,
          activity: activity.data ?? [],
          now: new Date(),
        })
      : null;

  return (
    <div className="page analytics">
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.description')}
        actions={<ReportActions user={user} report={report} />}
      />
      <p className="print-only analytics__print-meta">
        {`${user.name} · ${t(`roles.${user.role}.label`)}`}
        {' · '}
        {t(`analytics.range.long.${range}`)}
        {' · '}
        {t('report.generated', { date: date(new Date(), { dateStyle: 'medium' }) })}
      </p>
      <RangeSelector value={range} onChange={setRange} />

      <section className="page__section" aria-labelledby="analytics-personal">
        <h2 id="analytics-personal" className="section-heading">
          {t('analytics.personal.title')}
        </h2>
        {mine.isError ? (
          <LoadError message={t('analytics.errors.personal')} onRetry={() => void mine.refetch()} />
        ) : (
          <FigureCards role={user.role} stats={stats} isPending={mine.isPending} />
        )}
        {stats ? <ImpactPanel role={user.role} stats={stats} headingId="analytics-impact" /> : null}
      </section>

      {isReceiverRole(user.role) ? (
        <Suspense fallback={null}>
          <RegisterSection user={user} />
        </Suspense>
      ) : null}

      <div className="analytics__columns">
        <section className="panel page__section" aria-labelledby="analytics-progress">
          <h2 id="analytics-progress" className="section-heading">
            {t('analytics.progress.title')}
          </h2>
          {mine.isPending ? (
            <div className="skeleton-block" aria-hidden="true" />
          ) : (
            bars.map((b) => (
              <ProgressBar
                key={b.id}
                label={b.label}
                valueText={b.valueText}
                progress={b.progress}
                tone={b.id === 'milestone' ? 'green' : b.id === 'weekly' ? 'saffron' : 'blue'}
                testId={`bar-${b.id}`}
              />
            ))
          )}
        </section>
        <section className="panel page__section" aria-labelledby="analytics-badges">
          <h2 id="analytics-badges" className="section-heading">
            {t('analytics.badges.title')}
          </h2>
          {stats ? (
            <BadgeList badges={badgeStatuses(stats, user.role)} />
          ) : (
            <div className="skeleton-block" aria-hidden="true" />
          )}
        </section>
      </div>

      <section className="page__section" aria-labelledby="analytics-platform">
        <h2 id="analytics-platform" className="section-heading">
          {t('analytics.platform.title')}
        </h2>
        {platform.isError ? (
          <LoadError
            message={t('analytics.errors.platform')}
            onRetry={() => void platform.refetch()}
          />
        ) : platform.isPending ? (
          <div className="stat-grid" aria-busy="true">
            {platformFigures().map((f) => (
              <div key={f.key} className="stat-card skeleton-card" aria-hidden="true" />
            ))}
          </div>
        ) : (
          <div className="stat-grid" data-testid="platform-cards">
            {platformFigures().map(({ key, kind }) => {
              const value = number(platform.data.stats[key], fractionDigits(kind));
              return (
                <StatCard
                  key={key}
                  tone={kind === 'co2' ? 'green' : kind === 'count' ? 'blue' : 'saffron'}
                  icon={
                    kind === 'co2' ? <LeafIcon /> : kind === 'count' ? <UsersIcon /> : <ChartIcon />
                  }
                  label={t(`analytics.platform.figures.${key}`)}
                  value={kind === 'co2' || kind === 'kg' ? t('impact.kgValue', { value }) : value}
                />
              );
            })}
          </div>
        )}
        {platform.data ? (
          <ImpactBasisNote
            counted={platform.data.stats.totalCompletedDonations}
            measured={platform.data.stats.totalMeasuredDonations}
            testId="platform-impact-basis"
          />
        ) : null}
      </section>

      <section className="panel page__section" aria-labelledby="analytics-trends">
        <div className="analytics__section-head">
          <h2 id="analytics-trends" className="section-heading">
            {t('analytics.trends.title')}
          </h2>
          {isDonorRole(user.role) ? (
            <label className="analytics__scope">
              <span>{t('analytics.trends.scope')}</span>
              <select
                className="field__control field__control--select"
                value={scope}
                onChange={(e) => setScope(e.target.value as TrendScope)}
              >
                <option value="me">{t('analytics.trends.scopeMe')}</option>
                <option value="platform">{t('analytics.trends.scopePlatform')}</option>
              </select>
            </label>
          ) : (
            <p className="analytics__scope-note">{t('analytics.trends.platformNote')}</p>
          )}
        </div>
        {trends.isError ? (
          <LoadError message={t('analytics.errors.trends')} onRetry={() => void trends.refetch()} />
        ) : !shownTrends ? (
          <div className="skeleton-block skeleton-block--tall" aria-hidden="true" />
        ) : (
          <>
            <TrendsChart trends={shownTrends} />
            <p className="analytics__cuisines">
              {shownTrends.topCuisines.length > 0
                ? t('analytics.trends.topCuisines', {
                    list: shownTrends.topCuisines
                      .map((c) => `${c.cuisine} (${number(c.donations)})`)
                      .join(', '),
                  })
                : t('analytics.trends.noCuisines')}
            </p>
          </>
        )}
      </section>

      <section className="panel page__section" aria-labelledby="analytics-activity">
        <h2 id="analytics-activity" className="section-heading">
          {t('analytics.activity.title')}
        </h2>
        {activity.isPending ? (
          <div className="skeleton-block" aria-hidden="true" />
        ) : (
          <ActivityList items={activity.data ?? []} userId={user.id} />
        )}
      </section>
    </div>
  );
}
