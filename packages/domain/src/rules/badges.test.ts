import { describe, expect, it } from 'vitest';
import { EMPTY_USER_STATS, type UserStats } from '../schemas/stats.js';
import { badgeStatuses, earnedBadges } from './badges.js';

const stats = (over: Partial<UserStats>): UserStats => ({ ...EMPTY_USER_STATS, ...over });

describe('earnedBadges', () => {
  it('gives nothing to a new user', () => {
    expect(earnedBadges(EMPTY_USER_STATS, 'restaurant')).toEqual([]);
  });

  it('gives Getting Started at the first donation', () => {
    expect(earnedBadges(stats({ donationsMade: 1 }), 'restaurant')).toEqual(['getting_started']);
  });

  it('gives Community Helper at 10, not at 9', () => {
    expect(earnedBadges(stats({ donationsMade: 9 }), 'individual')).toEqual(['getting_started']);
    expect(earnedBadges(stats({ donationsMade: 10 }), 'individual')).toEqual([
      'getting_started',
      'community_helper',
    ]);
  });

  it('gives the CO2 badges at 100 kg and 500 kg', () => {
    expect(earnedBadges(stats({ co2Saved: 99.99 }), 'mess')).toEqual([]);
    expect(earnedBadges(stats({ co2Saved: 100 }), 'mess')).toEqual(['co2_saver_100']);
    expect(earnedBadges(stats({ co2Saved: 499.9 }), 'mess')).toEqual(['co2_saver_100']);
    expect(earnedBadges(stats({ co2Saved: 500 }), 'mess')).toEqual([
      'co2_saver_100',
      'co2_saver_500',
    ]);
  });

  it("counts a volunteer's deliveries and volunteer CO2, not donations", () => {
    const s = stats({
      donationsMade: 50,
      co2Saved: 900,
      deliveriesCompleted: 1,
      volunteerCo2: 120,
    });
    expect(earnedBadges(s, 'volunteer')).toEqual(['getting_started', 'co2_saver_100']);
  });

  it("counts a receiver's received deliveries and receiver CO2", () => {
    const s = stats({ deliveriesReceived: 12, receiverCo2: 10 });
    expect(earnedBadges(s, 'foodbank')).toEqual(['getting_started', 'community_helper']);
  });
});

describe('badgeStatuses', () => {
  it('reports progress towards each badge, capped at 1', () => {
    const s = stats({ donationsMade: 5, co2Saved: 250 });
    expect(badgeStatuses(s, 'restaurant')).toEqual([
      { id: 'getting_started', earned: true, progress: 1 },
      { id: 'community_helper', earned: false, progress: 0.5 },
      { id: 'co2_saver_100', earned: true, progress: 1 },
      { id: 'co2_saver_500', earned: false, progress: 0.5 },
    ]);
  });
});
