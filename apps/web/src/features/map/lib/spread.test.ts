import { describe, expect, it } from 'vitest';
import { spreadOffsets } from './spread';

const delhi = { lat: 28.6139, lng: 77.209 };

describe('spreadOffsets', () => {
  it('leaves a marker alone at its point', () => {
    expect(spreadOffsets([delhi, { lat: 19.076, lng: 72.8777 }])).toEqual([
      { dx: 0, dy: 0 },
      { dx: 0, dy: 0 },
    ]);
  });

  it('lays out markers sharing a point so no 25 x 41 px pin covers another', () => {
    for (const count of [2, 3, 5, 6, 7, 12, 20]) {
      const offsets = spreadOffsets(Array.from({ length: count }, () => ({ ...delhi })));
      for (let a = 0; a < count; a += 1) {
        for (let b = a + 1; b < count; b += 1) {
          const apartX = Math.abs(offsets[a]!.dx - offsets[b]!.dx) >= 25;
          const apartY = Math.abs(offsets[a]!.dy - offsets[b]!.dy) >= 41;
          expect(apartX || apartY, `${count} markers, ${a} and ${b}`).toBe(true);
        }
      }
    }
  });

  it('groups only markers in the same ~1 km cell', () => {
    const offsets = spreadOffsets([delhi, { lat: 28.63, lng: 77.23 }, { ...delhi }]);
    expect(offsets[1]).toEqual({ dx: 0, dy: 0 });
    expect(offsets[0]).not.toEqual(offsets[2]);
  });

  it('draws an exact point beside rounded ones in their grid, not on top of it', () => {
    // A receiver the volunteer is matched on (exact) among receivers shown rounded to ~1 km.
    const rounded = { lat: 28.61, lng: 77.21 };
    const offsets = spreadOffsets([rounded, { lat: 28.6139, lng: 77.209 }, { ...rounded }]);
    expect(offsets.map((o) => o.at)).toEqual([rounded, rounded, rounded]);
    expect(new Set(offsets.map((o) => `${o.dx},${o.dy}`)).size).toBe(3);
  });
});
