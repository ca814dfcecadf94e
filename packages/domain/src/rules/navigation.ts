import type { Coordinates } from '../schemas/common.js';

// Links that open a phone's own maps app at a pickup or drop-off (decision 0055). No map
// library and no key: every phone already has a maps app that navigates better than we could.

/** Where a link will be opened: the phone's maps app differs by platform. */
export const MAP_PLATFORMS = ['android', 'ios', 'other'] as const;
export type MapPlatform = (typeof MAP_PLATFORMS)[number];

/**
 * Stops one Google Maps directions link holds: a destination and up to 9 waypoints, the most
 * Google documents for the app and desktop (its mobile web page shows only 3 waypoints).
 */
export const MAX_STOPS_PER_TRIP_LINK = 10;

/**
 * Decimal places of a point in a link: 6 is about 0.1 m, the precision a shared device location
 * is stored with, so the link opens at the exact stored point.
 */
const LINK_DECIMALS = 6;

const coordinate = (value: number) => {
  const rounded = Number(value.toFixed(LINK_DECIMALS));
  // -0 would print as "0" anyway; keep plain decimals (no exponent) for tiny values.
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** A point as maps links write it: "lat,lng". */
export function pointText(point: Coordinates): string {
  return `${coordinate(point.lat)},${coordinate(point.lng)}`;
}

/** Google Maps directions: `/maps/dir/?api=1`, a universal link the app opens on both phones. */
const GOOGLE_DIRECTIONS = 'https://www.google.com/maps/dir/?api=1';

/**
 * The link that navigates to one point on this platform: Android's `geo:` URI (opens the
 * default maps app, the label names the pin), Apple Maps directions on iOS, Google Maps
 * directions elsewhere. Parentheses would end a `geo:` label early, so they are dropped.
 */
export function navigationLink(point: Coordinates, platform: MapPlatform, label?: string): string {
  const at = pointText(point);
  if (platform === 'android') {
    const name = label?.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
    return name ? `geo:${at}?q=${at}(${encodeURIComponent(name)})` : `geo:${at}?q=${at}`;
  }
  if (platform === 'ios') return `https://maps.apple.com/?daddr=${at}`;
  return `${GOOGLE_DIRECTIONS}&destination=${at}`;
}

/** The same point on OpenStreetMap, a marker at street zoom: for people without Google or Apple. */
export function openStreetMapLink(point: Coordinates): string {
  const lat = coordinate(point.lat);
  const lng = coordinate(point.lng);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
}

/**
 * Google Maps directions through `points` in order, starting at `origin` (without one, the app
 * starts from where the phone is). The last point is the destination, the others waypoints
 * (`|` encoded as %7C).
 */
export function directionsLink(origin: Coordinates | null, points: readonly Coordinates[]): string {
  const last = points.at(-1);
  if (!last) throw new RangeError('directionsLink needs at least one point');
  const parts = [GOOGLE_DIRECTIONS];
  if (origin) parts.push(`origin=${pointText(origin)}`);
  parts.push(`destination=${pointText(last)}`);
  const waypoints = points.slice(0, -1).map(pointText);
  if (waypoints.length > 0) parts.push(`waypoints=${waypoints.join('%7C')}`);
  return parts.join('&');
}

/**
 * The links of a whole trip: one while it fits in MAX_STOPS_PER_TRIP_LINK stops, else one per
 * part, each starting where the one before ended. Every point appears in exactly one link.
 */
export function tripLinks(
  origin: Coordinates | null,
  points: readonly Coordinates[],
  maxStops: number = MAX_STOPS_PER_TRIP_LINK,
): string[] {
  if (!Number.isInteger(maxStops) || maxStops < 1) {
    throw new RangeError(`maxStops must be a whole number >= 1, got ${maxStops}`);
  }
  const links: string[] = [];
  let from = origin;
  for (let i = 0; i < points.length; i += maxStops) {
    const part = points.slice(i, i + maxStops);
    links.push(directionsLink(from, part));
    from = part.at(-1)!;
  }
  return links;
}
