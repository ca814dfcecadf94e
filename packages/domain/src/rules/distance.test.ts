import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from '../constants/geo.js';
import type { Coordinates } from '../schemas/common.js';
import {
  boundingBox,
  haversineKm,
  isInBoundingBox,
  isWithinRadius,
  roundDistanceKm,
} from './distance.js';

const delhi = { lat: 28.6139, lng: 77.209 };
const mumbai = { lat: 19.076, lng: 72.8777 };

// The point reached from `start` after `km` along `bearingDeg` on the same sphere.
function destination(start: Coordinates, bearingDeg: number, km: number): Coordinates {
  const rad = Math.PI / 180;
  const d = km / EARTH_RADIUS_KM;
  const lat1 = start.lat * rad;
  const lng1 = start.lng * rad;
  const b = bearingDeg * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 +
    Math.atan2(
      Math.sin(b) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  const lng = ((((lng2 / rad + 180) % 360) + 360) % 360) - 180;
  return { lat: lat2 / rad, lng };
}

describe('haversineKm', () => {
  it('is zero for the same point', () => {
    expect(haversineKm(delhi, delhi)).toBe(0);
  });

  it('measures Delhi to Mumbai as 1148.1 km (checked with the law of cosines)', () => {
    expect(haversineKm(delhi, mumbai)).toBeCloseTo(1148.09, 2);
  });

  it('is symmetric', () => {
    expect(haversineKm(delhi, mumbai)).toBeCloseTo(haversineKm(mumbai, delhi), 9);
  });

  it('measures one degree of longitude on the equator as 111.19 km', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.195, 3);
  });

  it('takes the short way across the antimeridian', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.195, 3);
  });

  it('gives half the circumference for antipodal points, not NaN', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_KM,
      6,
    );
    expect(haversineKm({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_KM,
      6,
    );
  });
});

describe('isWithinRadius', () => {
  it('includes the edge and excludes just beyond it', () => {
    const edge = destination(delhi, 45, 10);
    const d = haversineKm(delhi, edge);
    expect(isWithinRadius(delhi, edge, d)).toBe(true);
    expect(isWithinRadius(delhi, edge, d - 0.001)).toBe(false);
  });

  it('excludes Mumbai from a 10 km search around Delhi', () => {
    expect(isWithinRadius(delhi, mumbai, 10)).toBe(false);
  });
});

describe('boundingBox', () => {
  const bearings = Array.from({ length: 72 }, (_, i) => i * 5);
  const cases: Array<[string, Coordinates, number]> = [
    ['Delhi, 10 km', delhi, 10],
    ['Delhi, 100 km', delhi, 100],
    ['equator, 50 km', { lat: 0, lng: 0 }, 50],
    ['near the antimeridian, east side', { lat: -17.7, lng: 179.9 }, 40],
    ['near the antimeridian, west side', { lat: 65, lng: -179.95 }, 30],
    ['near the north pole', { lat: 89.95, lng: 10 }, 20],
    ['near the south pole', { lat: -89.9, lng: -120 }, 50],
    ['high latitude', { lat: 78.2, lng: 15.6 }, 100],
  ];

  it.each(cases)('contains every point on the circle (%s)', (_name, center, radius) => {
    const box = boundingBox(center, radius);
    for (const bearing of bearings) {
      for (const fraction of [0.5, 0.999]) {
        const point = destination(center, bearing, radius * fraction);
        expect(isInBoundingBox(point, box), `bearing ${bearing}, ${fraction}`).toBe(true);
      }
    }
    expect(isInBoundingBox(center, box)).toBe(true);
  });

  it('is tight: a point just outside the radius due north or east is outside the box', () => {
    const box = boundingBox(delhi, 10);
    expect(isInBoundingBox(destination(delhi, 0, 10.05), box)).toBe(false);
    expect(isInBoundingBox({ lat: delhi.lat, lng: box.maxLng + 0.001 }, box)).toBe(false);
    expect(box.maxLat - delhi.lat).toBeCloseTo((10 / EARTH_RADIUS_KM) * (180 / Math.PI), 9);
  });

  it('widens in longitude with latitude', () => {
    const equator = boundingBox({ lat: 0, lng: 0 }, 100);
    const north = boundingBox({ lat: 60, lng: 0 }, 100);
    expect(north.maxLng - north.minLng).toBeGreaterThan(1.9 * (equator.maxLng - equator.minLng));
  });

  it('wraps across the antimeridian', () => {
    const box = boundingBox({ lat: 0, lng: 179.9 }, 50);
    expect(box.crossesAntimeridian).toBe(true);
    expect(box.minLng).toBeGreaterThan(179);
    expect(box.maxLng).toBeLessThan(-179);
    expect(isInBoundingBox({ lat: 0, lng: -179.9 }, box)).toBe(true);
    expect(isInBoundingBox({ lat: 0, lng: 0 }, box)).toBe(false);
    expect(isInBoundingBox({ lat: 0, lng: 178 }, box)).toBe(false);
  });

  it('spans every longitude when the circle reaches a pole', () => {
    const box = boundingBox({ lat: 89.95, lng: 10 }, 20);
    expect(box).toMatchObject({
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
      crossesAntimeridian: false,
    });
    expect(box.minLat).toBeLessThan(89.95);
    expect(boundingBox({ lat: -90, lng: 0 }, 1)).toMatchObject({ minLat: -90, minLng: -180 });
  });

  it('covers the whole globe for a radius of half the circumference', () => {
    const box = boundingBox(delhi, Math.PI * EARTH_RADIUS_KM);
    expect(box).toMatchObject({ minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 });
  });

  it('is a single point for radius 0', () => {
    const box = boundingBox(delhi, 0);
    expect(box).toMatchObject({ minLat: delhi.lat, maxLat: delhi.lat, minLng: delhi.lng });
    expect(isInBoundingBox(delhi, box)).toBe(true);
  });

  it('refuses a negative or non-finite radius', () => {
    expect(() => boundingBox(delhi, -1)).toThrow(RangeError);
    expect(() => boundingBox(delhi, Number.NaN)).toThrow(RangeError);
    expect(() => boundingBox(delhi, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('roundDistanceKm', () => {
  it('keeps one decimal under 10 km and whole km from 10 km', () => {
    expect(roundDistanceKm(3.456)).toBe(3.5);
    expect(roundDistanceKm(9.94)).toBe(9.9);
    expect(roundDistanceKm(10)).toBe(10);
    expect(roundDistanceKm(12.6)).toBe(13);
  });
});
