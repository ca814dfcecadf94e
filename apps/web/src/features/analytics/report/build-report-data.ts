import type { TFunction } from 'i18next';
import {
  badgeStatuses,
  headlineFigures,
  impactMessages,
  milestoneProgress,
  type AnalyticsRange,
  type PlatformStats,
  type UserProfile,
  type UserStats,
} from '@annasetu/domain';
import type { ActivityItem } from '../api/get-activity';
import type { TrendsAnswer } from '../api/get-trends';
import { activityStatus, activityText } from '../lib/activity-text';
import {
  bucketDateOptions,
  figuresToShow,
  fractionDigits,
  impactBasisLine,
  type Fulfilment,
} from '../lib/figures';
import { platformFigures } from '../lib/platform-figures';
import { progressBars } from '../lib/progress';
import type { ReportData } from './report-data';

export interface ReportInput {
  t: TFunction;
  language: string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  date: (value: string | Date, options?: Intl.DateTimeFormatOptions) => string;
  user: UserProfile;
  range: AnalyticsRange;
  stats: UserStats;
  weekStats: UserStats | undefined;
  fulfilment: Fulfilment | undefined;
  platform: PlatformStats | undefined;
  trends: TrendsAnswer | undefined;
  activity: ActivityItem[];
  now: Date;
}

/** The report's words and numbers in the user's language, from the same data as the screen. */
export function buildReportData(input: ReportInput): ReportData {
  const { t, number, date, user, stats, range, now } = input;
  const figure = (value: number, kind: 'count' | 'co2' | 'meals' | 'kg') => {
    const text = number(value, fractionDigits(kind));
    return kind === 'co2' || kind === 'kg' ? t('impact.kgValue', { value: text }) : text;
  };
  const co2 = headlineFigures(stats, user.role).co2Kg;
  const bars = progressBars({
    t,
    number,
    role: user.role,
    co2Kg: co2,
    milestone: milestoneProgress(co2),
    weekStats: input.weekStats,
    fulfilment: input.fulfilment,
  });
  const granularity = input.trends?.granularity ?? 'day';
  const buckets = input.trends?.buckets ?? [];
  const cuisines = input.trends?.topCuisines ?? [];
  const stamp = date(now, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    language: input.language,
    fileName: `annasetu-impact-${range}-${now.toISOString().slice(0, 10)}.pdf`,
    title: t('report.title'),
    subtitle: [
      ...new Set([user.name, user.organizationName, t(`roles.${user.role}.label`)].filter(Boolean)),
    ].join(' · '),
    rangeLine: t(`analytics.range.long.${range}`),
    generatedLine: t('report.generated', { date: stamp }),
    headings: {
      figures: t('analytics.personal.title'),
      impact: t('impact.title'),
      progress: t('analytics.progress.title'),
      badges: t('analytics.badges.title'),
      platform: t('analytics.platform.title'),
      trends: t('analytics.trends.title'),
      activity: t('analytics.activity.title'),
    },
    figures: figuresToShow(user.role, stats).map(({ key, kind }) => ({
      label: t(`impact.figures.${key}`),
      value: figure(stats[key], kind),
    })),
    platform: input.platform
      ? platformFigures().map(({ key, kind }) => ({
          label: t(`analytics.platform.figures.${key}`),
          value: figure(input.platform![key], kind),
        }))
      : [],
    impactLines: [
      ...impactMessages(stats, user.role).map((m) =>
        t(`impact.messages.${m.id}`, {
          value: number(m.value, { maximumFractionDigits: 1 }),
          equivalent: number(m.equivalent ?? 0, { maximumFractionDigits: 1 }),
        }),
      ),
      // Which of the meals and kg were weighed or counted, and which are estimates.
      ...basisLines(t, number, impactBasisLine(user.role, stats)),
    ],
    bars,
    badges: badgeStatuses(stats, user.role).map((b) => ({
      name: t(`analytics.badges.${b.id}.name`),
      rule: t(`analytics.badges.${b.id}.rule`),
      state: b.earned
        ? t('analytics.badges.earned')
        : t('analytics.badges.progress', { percent: Math.round(b.progress * 100) }),
      earned: b.earned,
    })),
    trends: {
      summary: t('analytics.trends.summary', {
        total: number(buckets.reduce((s, b) => s + b.donations, 0)),
        completed: number(buckets.reduce((s, b) => s + b.completed, 0)),
        periods: number(buckets.length),
      }),
      legend: {
        donations: t('analytics.trends.donations'),
        completed: t('analytics.trends.completed'),
      },
      labels: buckets.map((b) => date(b.start, bucketDateOptions(granularity))),
      donations: buckets.map((b) => b.donations),
      completed: buckets.map((b) => b.completed),
      cuisinesLine:
        cuisines.length > 0
          ? t('analytics.trends.topCuisines', {
              list: cuisines.map((c) => `${c.cuisine} (${number(c.donations)})`).join(', '),
            })
          : t('analytics.trends.noCuisines'),
    },
    activity: {
      headers: [
        t('analytics.activity.what'),
        t('analytics.activity.status'),
        t('analytics.activity.when'),
      ],
      rows: input.activity.map((item) => [
        activityText(item, user.id, t),
        t(`impact.status.${activityStatus(item)}`),
        date(item.at, { dateStyle: 'medium' }),
      ]),
      empty: t('impact.activity.empty'),
    },
    footer: (page, pages) => t('report.footer', { page, pages, date: stamp }),
  };
}

/** The line saying what the meals and kg rest on, when there is one. */
function basisLines(
  t: TFunction,
  number: (value: number) => string,
  basis: ReturnType<typeof impactBasisLine>,
): string[] {
  if (!basis) return [];
  return [
    t(`impact.basis.${basis.key}`, {
      measured: number(basis.measured),
      counted: number(basis.counted),
      estimated: number(basis.estimated),
    }),
  ];
}
