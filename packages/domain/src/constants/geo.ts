/** Coordinates used when a user gives none at sign-up: New Delhi (seed section 5). */
export const DEFAULT_COORDINATES = { lat: 28.6139, lng: 77.209 } as const;

/** Great-circle distance uses a spherical earth of this radius (seed section 9). */
export const EARTH_RADIUS_KM = 6371;
/** Default radius of the nearby-donations filter. */
export const DEFAULT_NEARBY_RADIUS_KM = 10;

/** Map defaults (seed section 9). */
export const MAP_DEFAULTS = {
  center: { lat: 22.5937, lng: 78.9629 },
  zoom: 5,
  zoomWithMarkers: 10,
  fitBoundsPaddingPx: 20,
  fitBoundsMaxZoom: 13,
  minZoom: 0,
  maxZoom: 18,
} as const;
/** Largest radius a list or map search accepts: beyond it a city-scale feed makes no sense. */
export const MAX_NEARBY_RADIUS_KM = 100;
