import type { TFunction } from 'i18next';
import {
  headlineFigures,
  isReceiverRole,
  weeklyProgress,
  type MilestoneProgress,
  type Role,
  type UserStats,
} from '@annasetu/domain';
import type { Fulfilment } from './figures';

/** One progress bar of the analytics screen and the report. */
export interface ProgressBarData {
  id: 'milestone' | 'weekly' | 'fulfilment';
  label: string;
  valueText: string;
  progress: number;
}

interface ProgressInput {
  t: TFunction;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  role: Role;
  co2Kg: number;
  milestone: MilestoneProgress;
  /** The user's figures over the last 7 days (the weekly target counts them). */
  weekStats: UserStats | undefined;
  fulfilment: Fulfilment | undefined;
}

/**
 * The bars: CO2 towards the next milestone, actions this week against the role's target, and
 * for receivers the share of the last 30 days' requests that were fulfilled.
 */
export function progressBars(input: ProgressInput): ProgressBarData[] {
  const { t, number, role, milestone } = input;
  const kg = (v: number) => number(v, { maximumFractionDigits: 1 });
  const bars: ProgressBarData[] = [
    milestone.next === null
      ? {
          id: 'milestone',
          label: t('analytics.progress.allMilestones'),
          valueText: t('impact.kgValue', { value: kg(input.co2Kg) }),
          progress: 1,
        }
      : {
          id: 'milestone',
          label: t('analytics.progress.milestone', { next: number(milestone.next) }),
          valueText: t('analytics.progress.milestoneValue', {
            value: kg(input.co2Kg),
            next: number(milestone.next),
            remaining: kg(milestone.remaining),
          }),
          progress: milestone.progress,
        },
  ];
  if (input.weekStats) {
    const week = weeklyProgress(headlineFigures(input.weekStats, role).activity, role);
    bars.push({
      id: 'weekly',
      label: t('analytics.progress.weekly'),
      valueText: t('analytics.progress.weeklyValue', {
        done: number(week.count),
        target: number(week.target),
      }),
      progress: week.progress,
    });
  }
  if (isReceiverRole(role) && input.fulfilment) {
    const f = input.fulfilment;
    bars.push({
      id: 'fulfilment',
      label: t('analytics.progress.fulfilment'),
      valueText: t('analytics.progress.fulfilmentValue', {
        fulfilled: number(f.fulfilled),
        total: number(f.total),
        percent: Math.round(f.rate * 100),
      }),
      progress: f.rate,
    });
  }
  return bars;
}
