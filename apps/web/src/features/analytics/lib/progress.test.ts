import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { EMPTY_USER_STATS, milestoneProgress } from '@annasetu/domain';
import { progressBars } from './progress';

// Returns the key and its values, so the test sees which sentence and which numbers were chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;
const number = (v: number) => String(v);

describe('progressBars', () => {
  it('shows CO2 towards the next milestone and the weekly target', () => {
    const bars = progressBars({
      t,
      number,
      role: 'restaurant',
      co2Kg: 13,
      milestone: milestoneProgress(13),
      weekStats: { ...EMPTY_USER_STATS, donationsMade: 2 },
      fulfilment: { total: 2, fulfilled: 1, rate: 0.5 },
    });
    expect(bars.map((b) => b.id)).toEqual(['milestone', 'weekly']);
    expect(bars[0]?.progress).toBeCloseTo(13 / 25);
    expect(bars[0]?.valueText).toContain('"remaining":"12"');
    expect(bars[1]?.progress).toBeCloseTo(2 / 3);
    expect(bars[1]?.valueText).toContain('"target":"3"');
  });

  it('gives volunteers a target of 5 and receivers a fulfilment bar', () => {
    const volunteer = progressBars({
      t,
      number,
      role: 'volunteer',
      co2Kg: 0,
      milestone: milestoneProgress(0),
      weekStats: { ...EMPTY_USER_STATS, deliveriesCompleted: 1 },
      fulfilment: undefined,
    });
    expect(volunteer[1]?.valueText).toContain('"target":"5"');
    const receiver = progressBars({
      t,
      number,
      role: 'poultry',
      co2Kg: 0,
      milestone: milestoneProgress(0),
      weekStats: undefined,
      fulfilment: { total: 4, fulfilled: 3, rate: 0.75 },
    });
    expect(receiver.map((b) => b.id)).toEqual(['milestone', 'fulfilment']);
    expect(receiver[1]?.valueText).toContain('"percent":75');
  });

  it('says when every milestone is reached', () => {
    const [bar] = progressBars({
      t,
      number,
      role: 'restaurant',
      co2Kg: 6000,
      milestone: milestoneProgress(6000),
      weekStats: undefined,
      fulfilment: undefined,
    });
    expect(bar?.label).toBe('analytics.progress.allMilestones');
    expect(bar?.progress).toBe(1);
  });
});
