/** A marker's pixel offset from its true point, so markers sharing a point do not overlap. */
export interface Offset {
  dx: number;
  dy: number;
}

/** Horizontal and vertical steps between pins: more than a pin's 25 x 41 px. */
const STEP_X_PX = 30;
const STEP_Y_PX = 46;
/** Pins per row before the group starts another row. */
const ROW_LENGTH = 6;

/**
 * Markers at one point (donations at one address, points rounded for privacy) are laid out in a
 * small grid centred on it, in screen pixels, so at every zoom no pin covers another and each
 * can be seen, clicked, tapped and reached with Tab on its own (axe target-size). A point with
 * one marker keeps it in place.
 */
export function spreadOffsets(points: { lat: number; lng: number }[]): Offset[] {
  const groups = new Map<string, number[]>();
  points.forEach((point, index) => {
    const key = `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`;
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
    members.forEach((index, k) => {
      const column = k % columns;
      const row = Math.floor(k / columns);
      offsets[index] = {
        dx: Math.round((column - (columns - 1) / 2) * STEP_X_PX),
        dy: Math.round((row - (rows - 1) / 2) * STEP_Y_PX),
      };
    });
  }
  return offsets;
}
