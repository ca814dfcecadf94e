import { describe, expect, it } from 'vitest';
import { capacityFor, spreadLayout, spreadOffsets, type PixelPoint } from './spread';

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

  it('keeps a crowd larger than the map to the grid that fits, one pin standing for the rest', () => {
    // A phone's map: room for seven rows of six pins.
    const capacity = capacityFor(351);
    expect(capacity).toBe(42);
    const crowd = [
      ...Array.from({ length: 250 }, () => ({ ...here })),
      ...Array.from({ length: 50 }, () => ({ x: 503, y: 498 })),
    ];
    const { offsets, more } = spreadLayout(crowd, capacity);
    const shown = offsets.filter((o) => !o.hidden);
    expect(shown).toHaveLength(capacity - 1);
    expect(more).toHaveLength(1);
    expect(more[0]!.members).toHaveLength(crowd.length - (capacity - 1));
    // Every marker is either drawn or listed by the one pin, never both.
    const hidden = offsets.flatMap((o, i) => (o.hidden ? [i] : []));
    expect(hidden).toEqual(more[0]!.members);
    // The drawn pins and the "more" pin fill the 6 x 7 grid, none covering another.
    const cells = [...shown, more[0]!].map((o) => `${o.dx},${o.dy}`);
    expect(new Set(cells).size).toBe(capacity);
    const xs = cells.map((c) => Number(c.split(',')[0]));
    const ys = cells.map((c) => Number(c.split(',')[1]));
    expect(Math.max(...xs) - Math.min(...xs)).toBe(5 * 30);
    expect(Math.max(...ys) - Math.min(...ys)).toBe(6 * 46);
  });

  it('draws every marker when the crowd fits', () => {
    const { offsets, more } = spreadLayout(
      Array.from({ length: 42 }, () => ({ ...here })),
      capacityFor(351),
    );
    expect(more).toEqual([]);
    expect(offsets.some((o) => o.hidden)).toBe(false);
  });
});
