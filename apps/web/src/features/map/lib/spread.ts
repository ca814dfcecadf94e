/** A marker's pixel offset from its true point, so markers sharing a point do not overlap. */
export interface Offset {
  dx: number;
  dy: number;
}

/** Distance between neighbouring pins on the ring: more than a pin's 25 px width. */
const PIN_GAP_PX = 30;

/**
 * Markers at one point (donations at one address, points rounded for privacy) are laid out on
 * a small ring around it, in screen pixels, so at every zoom each pin can be seen, clicked,
 * tapped and reached with Tab on its own. A point with one marker keeps it in place.
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
    // The ring's circumference holds every pin with PIN_GAP_PX between neighbours.
    const radius = Math.max(PIN_GAP_PX / 2, (PIN_GAP_PX * count) / (2 * Math.PI));
    members.forEach((index, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / count;
      offsets[index] = {
        dx: Math.round(radius * Math.cos(angle)),
        dy: Math.round(radius * Math.sin(angle)),
      };
    });
  }
  return offsets;
}
