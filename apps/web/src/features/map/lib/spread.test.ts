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

  it('groups only markers at the same point', () => {
    const offsets = spreadOffsets([delhi, { lat: 28.62, lng: 77.21 }, { ...delhi }]);
    expect(offsets[1]).toEqual({ dx: 0, dy: 0 });
    expect(offsets[0]).not.toEqual(offsets[2]);
  });
});
