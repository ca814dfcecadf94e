import { EARTH_RADIUS_KM } from '../constants/geo.js';
import type { Coordinates } from '../schemas/common.js';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in km on a sphere of radius 6371 km (seed section 9). */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would return NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether `point` lies within `radiusKm` of `center`, edge included. */
export function isWithinRadius(center: Coordinates, point: Coordinates, radiusKm: number): boolean {
  return haversineKm(center, point) <= radiusKm;
}

/**
 * A latitude/longitude box that contains every point within the radius, for an indexed
 * prefilter before the exact haversine check. When `crossesAntimeridian` is true the longitude
 * condition is `lng >= minLng OR lng <= maxLng`; otherwise `lng BETWEEN minLng AND maxLng`.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  crossesAntimeridian: boolean;
}

/**
 * The smallest lat/lng box around a spherical cap (J. P. Matuschek's method). A cap that reaches
 * a pole spans every longitude; one that crosses the 180th meridian wraps.
 */
export function boundingBox(center: Coordinates, radiusKm: number): BoundingBox {
  if (!Number.isFinite(radiusKm) || radiusKm < 0) {
    throw new RangeError(`radiusKm must be a finite number >= 0, got ${radiusKm}`);
  }
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat = toRadians(center.lat);
  const minLat = lat - angular;
  const maxLat = lat + angular;

  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return {
      minLat: Math.max(-90, toDegrees(minLat)),
      maxLat: Math.min(90, toDegrees(maxLat)),
      minLng: -180,
      maxLng: 180,
      crossesAntimeridian: false,
    };
  }

  const dLng = toDegrees(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat))));
  let minLng = center.lng - dLng;
  let maxLng = center.lng + dLng;
  if (maxLng - minLng >= 360) {
    minLng = -180;
    maxLng = 180;
  } else if (minLng < -180) {
    minLng += 360;
  } else if (maxLng > 180) {
    maxLng -= 360;
  }
  return {
    minLat: toDegrees(minLat),
    maxLat: toDegrees(maxLat),
    minLng,
    maxLng,
    crossesAntimeridian: minLng > maxLng,
  };
}

/** The box test in code, mirroring the SQL condition described on BoundingBox. */
export function isInBoundingBox(point: Coordinates, box: BoundingBox): boolean {
  if (point.lat < box.minLat || point.lat > box.maxLat) return false;
  return box.crossesAntimeridian
    ? point.lng >= box.minLng || point.lng <= box.maxLng
    : point.lng >= box.minLng && point.lng <= box.maxLng;
}

/** Distance rounded for display: 0.1 km under 10 km, whole km beyond. */
export function roundDistanceKm(km: number): number {
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}
