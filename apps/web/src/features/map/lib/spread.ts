/** A marker's pixel offset from the point it is drawn at, so nearby markers do not overlap. */
export interface Offset {
  dx: number;
  dy: number;
  /** Index of the point the marker is drawn at: its group's first member (itself when alone). */
  anchor: number;
}

/** A point on the screen, in pixels at the map's current zoom. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** Horizontal and vertical steps between pins: more than a pin's 25 x 41 px. */
const STEP_X_PX = 30;
const STEP_Y_PX = 46;
/** Pins per row before a group starts another row. */
const ROW_LENGTH = 6;

interface Group {
  members: number[];
  x: number;
  y: number;
}

function gridSize(count: number) {
  const columns = Math.min(count, ROW_LENGTH);
  const rows = Math.ceil(count / columns);
  return { columns, rows, width: columns * STEP_X_PX, height: rows * STEP_Y_PX };
}

function overlap(a: Group, b: Group): boolean {
  const ga = gridSize(a.members.length);
  const gb = gridSize(b.members.length);
  return (
    Math.abs(a.x - b.x) < (ga.width + gb.width) / 2 &&
    Math.abs(a.y - b.y) < (ga.height + gb.height) / 2
  );
}

/**
 * Markers whose pins would cover each other at the current zoom (donations at one address,
 * points rounded for privacy beside an exact one, many receivers in one neighbourhood) are laid
 * out in one grid centred on the group's first point, so no pin covers another and each can be
 * seen, clicked, tapped and reached with Tab on its own (axe target-size). Groups whose grids
 * would overlap are merged until none does. A marker alone keeps its own point.
 */
export function spreadOffsets(points: PixelPoint[]): Offset[] {
  let groups: Group[] = points.map((p, i) => ({ members: [i], x: p.x, y: p.y }));
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let a = 0; a < groups.length; a += 1) {
      for (let b = a + 1; b < groups.length; b += 1) {
        if (overlap(groups[a]!, groups[b]!)) {
          groups[a] = { ...groups[a]!, members: [...groups[a]!.members, ...groups[b]!.members] };
          groups = groups.filter((_, i) => i !== b);
          merged = true;
          break outer;
        }
      }
    }
  }
  const offsets: Offset[] = points.map((_, i) => ({ dx: 0, dy: 0, anchor: i }));
  for (const group of groups) {
    const count = group.members.length;
    if (count < 2) continue;
    const { columns, rows } = gridSize(count);
    const anchor = group.members[0]!;
    group.members.forEach((index, k) => {
      const column = k % columns;
      const row = Math.floor(k / columns);
      offsets[index] = {
        dx: Math.round((column - (columns - 1) / 2) * STEP_X_PX),
        dy: Math.round((row - (rows - 1) / 2) * STEP_Y_PX),
        anchor,
      };
    });
  }
  return offsets;
}
