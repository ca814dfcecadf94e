/** A marker's pixel offset from its true point, so markers sharing a point do not overlap. */
export interface Offset {
  dx: number;
  dy: number;
  /** Where the group is drawn: its first member's point (a group shares one grid). */
  at?: { lat: number; lng: number };
}

/** Horizontal and vertical steps between pins: more than a pin's 25 x 41 px. */
const STEP_X_PX = 30;
const STEP_Y_PX = 46;
/** Pins per row before the group starts another row. */
const ROW_LENGTH = 6;

/**
 * Markers in one ~1 km cell (donations at one address; points rounded for privacy, beside an
 * exact one the caller is matched on) are laid out in a small grid centred on the cell's first
 * point, in screen pixels, so at every zoom no pin covers another and each can be seen, clicked,
 * tapped and reached with Tab on its own (axe target-size). A marker alone in its cell keeps its
 * own point.
 */
export function spreadOffsets(points: { lat: number; lng: number }[]): Offset[] {
  const groups = new Map<string, number[]>();
  points.forEach((point, index) => {
    const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
    const members = groups.get(key) ?? [];
    members.push(index);
    groups.set(key, members);
  });
  const offsets: Offset[] = points.map(() => ({ dx: 0, dy: 0 }));
  for (const members of groups.values()) {
    const count = members.length;
    if (count < 2) continue;
    const columns = Math.min(count, ROW_LENGTH);
    const rows = Math.ceil(count / columns);
    const anchor = points[members[0]!]!;
    members.forEach((index, k) => {
      const column = k % columns;
      const row = Math.floor(k / columns);
      offsets[index] = {
        dx: Math.round((column - (columns - 1) / 2) * STEP_X_PX),
        dy: Math.round((row - (rows - 1) / 2) * STEP_Y_PX),
        at: { lat: anchor.lat, lng: anchor.lng },
      };
    });
  }
  return offsets;
}
