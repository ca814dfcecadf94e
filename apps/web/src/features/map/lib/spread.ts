/** A marker's pixel offset from the point it is drawn at, so nearby markers do not overlap. */
export interface Offset {
  dx: number;
  dy: number;
  /** Index of the point the marker is drawn at: its group's first member (itself when alone). */
  anchor: number;
  /** Not drawn: its group has more markers than the map has room for (see MorePin). */
  hidden?: boolean;
}

/** The last cell of a group too large for the map: "N more here", standing for its hidden members. */
export interface MorePin {
  anchor: number;
  dx: number;
  dy: number;
  /** Indexes of the markers it stands for. */
  members: number[];
}

/** Every marker's offset, and the pins standing for markers there is no room for. */
export interface Layout {
  offsets: Offset[];
  more: MorePin[];
}

/** A point on the screen, in pixels at the map's current zoom. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** A pin's size, and the point of it that touches its position (the tip, bottom centre). */
export const PIN = { width: 25, height: 41, tipX: 12, tipY: 41 } as const;
/** Horizontal and vertical steps between pins: more than a pin's 25 x 41 px. */
export const STEP_X_PX = 30;
export const STEP_Y_PX = 46;
/** Pins per row before a group starts another row. */
export const ROW_LENGTH = 6;

/** How many cells a group's grid may have to fit an area this many pixels tall (at least 2). */
export function capacityFor(height: number): number {
  return Math.max(2, ROW_LENGTH * Math.max(1, Math.floor(height / STEP_Y_PX)));
}

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

function overlap(a: Group, b: Group, capacity: number): boolean {
  const ga = gridSize(Math.min(a.members.length, capacity));
  const gb = gridSize(Math.min(b.members.length, capacity));
  return (
    Math.abs(a.x - b.x) < (ga.width + gb.width) / 2 &&
    Math.abs(a.y - b.y) < (ga.height + gb.height) / 2
  );
}

/** Offsets only, with room for every marker (see spreadLayout). */
export function spreadOffsets(points: PixelPoint[]): Offset[] {
  return spreadLayout(points).offsets;
}

/**
 * Markers whose pins would cover each other at the current zoom (donations at one address,
 * points rounded for privacy beside an exact one, many receivers in one neighbourhood) are laid
 * out in one grid centred on the group's first point, so no pin covers another and each can be
 * seen, clicked, tapped and reached with Tab on its own (axe target-size). Groups whose grids
 * would overlap are merged until none does. A marker alone keeps its own point.
 *
 * A grid has at most `capacity` cells, so that it fits the map: a larger group shows its first
 * members and, in its last cell, one pin standing for the rest (their popups are listed in its
 * popup). Without this, a crowd of hundreds spread far past the map's edges and under its
 * controls, where no pin can be seen or tapped.
 */
export function spreadLayout(points: PixelPoint[], capacity = Infinity): Layout {
  const cells = Math.max(2, capacity);
  let groups: Group[] = points.map((p, i) => ({ members: [i], x: p.x, y: p.y }));
  let merged = true;
  while (merged) {
    merged = false;
    for (let a = 0; a < groups.length; a += 1) {
      for (let b = a + 1; b < groups.length; b += 1) {
        if (overlap(groups[a]!, groups[b]!, cells)) {
          groups[a] = { ...groups[a]!, members: [...groups[a]!.members, ...groups[b]!.members] };
          groups = groups.filter((_, i) => i !== b);
          merged = true;
          // The grown group is checked against every other group again.
          b = a;
        }
      }
    }
  }
  const offsets: Offset[] = points.map((_, i) => ({ dx: 0, dy: 0, anchor: i }));
  const more: MorePin[] = [];
  for (const group of groups) {
    const count = group.members.length;
    if (count < 2) continue;
    const shown = Math.min(count, cells);
    const { columns, rows } = gridSize(shown);
    const anchor = group.members[0]!;
    const cell = (k: number) => ({
      dx: Math.round(((k % columns) - (columns - 1) / 2) * STEP_X_PX),
      dy: Math.round((Math.floor(k / columns) - (rows - 1) / 2) * STEP_Y_PX),
      anchor,
    });
    const pinned = count > shown ? shown - 1 : shown;
    group.members.forEach((index, k) => {
      offsets[index] = k < pinned ? cell(k) : { ...cell(pinned), hidden: true };
    });
    if (pinned < count) more.push({ ...cell(pinned), members: group.members.slice(pinned) });
  }
  return { offsets, more };
}
