import { describe, expect, it } from 'vitest';
import { alertTier, compareForAlert, pickupDeadline } from './no-shows.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, 0) + minutes * 60_000);

describe('pickupDeadline', () => {
  it('holds a grab two hours when the food keeps long enough, reminding 30 minutes before', () => {
    const d = pickupDeadline(at(0), at(6 * 60));
    expect(d.collectBy).toEqual(at(120));
    expect(d.remindAt).toEqual(at(90));
  });

  it('ends the hold 30 minutes before expiry when that comes first', () => {
    const d = pickupDeadline(at(0), at(90));
    expect(d.collectBy).toEqual(at(60));
    expect(d.remindAt).toEqual(at(30));
  });

  it('always leaves at least 30 minutes, reminding half-way', () => {
    const d = pickupDeadline(at(0), at(20));
    expect(d.collectBy).toEqual(at(30));
    expect(d.remindAt).toEqual(at(15));
  });
});

describe('coverage order', () => {
  it('forgives one no-show and moves repeat no-shows behind everyone else', () => {
    expect(alertTier(0)).toBe(0);
    expect(alertTier(1)).toBe(0);
    expect(alertTier(2)).toBe(1);
    const list = [
      { id: 'a', distanceKm: 1, noShows: 3 },
      { id: 'b', distanceKm: 4, noShows: 1 },
      { id: 'c', distanceKm: 2, noShows: 0 },
      { id: 'd', distanceKm: 0.5, noShows: 2 },
    ];
    expect([...list].sort(compareForAlert).map((v) => v.id)).toEqual(['c', 'b', 'd', 'a']);
  });
});
