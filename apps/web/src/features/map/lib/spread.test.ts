import { describe, expect, it } from 'vitest';
import { spreadOffsets, type PixelPoint } from './spread';

const here: PixelPoint = { x: 500, y: 500 };

/** Where each pin is drawn: its anchor's point plus its offset. */
function drawn(points: PixelPoint[]) {
  return spreadOffsets(points).map((o) => ({
    x: points[o.anchor]!.x + o.dx,
    y: points[o.anchor]!.y + o.dy,
  }));
}

function noneCovered(points: PixelPoint[]) {
  const pins = drawn(points);
  for (let a = 0; a < pins.length; a += 1) {
    for (let b = a + 1; b < pins.length; b += 1) {
      const apartX = Math.abs(pins[a]!.x - pins[b]!.x) >= 25;
      const apartY = Math.abs(pins[a]!.y - pins[b]!.y) >= 41;
      if (!apartX && !apartY) return `${a} and ${b}`;
    }
  }
  return null;
}

describe('spreadOffsets', () => {
  it('leaves markers that are far apart at their own points', () => {
    expect(spreadOffsets([here, { x: 900, y: 100 }])).toEqual([
      { dx: 0, dy: 0, anchor: 0 },
      { dx: 0, dy: 0, anchor: 1 },
    ]);
  });

  it('lays out markers sharing a point so no 25 x 41 px pin covers another', () => {
    for (const count of [2, 3, 5, 6, 7, 12, 20, 40]) {
      expect(noneCovered(Array.from({ length: count }, () => ({ ...here })))).toBeNull();
    }
  });

  it('draws a point a few pixels from a crowd inside the crowd, not on top of it', () => {
    // A receiver the volunteer is matched on (exact) beside receivers rounded to ~1 km.
    const points = [here, { x: 512, y: 475 }, { ...here }, { ...here }];
    expect(noneCovered(points)).toBeNull();
    expect(new Set(spreadOffsets(points).map((o) => o.anchor))).toEqual(new Set([0]));
  });

  it('merges neighbouring crowds whose grids would overlap', () => {
    const crowd = (x: number, y: number, n: number) => Array.from({ length: n }, () => ({ x, y }));
    expect(
      noneCovered([...crowd(500, 500, 25), ...crowd(500, 560, 25), ...crowd(560, 500, 3)]),
    ).toBeNull();
  });
});
