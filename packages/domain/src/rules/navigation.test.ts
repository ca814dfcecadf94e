import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_STOPS_PER_TRIP_LINK,
  directionsLink,
  navigationLink,
  openStreetMapLink,
  pointText,
  tripLinks,
} from './navigation.js';

const kitchen = { lat: 12.971234, lng: 77.594567 };
const bank = { lat: 12.955678, lng: 77.612345 };

/**
 * A link's query parameters, decoded (the domain runs without the DOM's URL; a `+` is left as
 * it is, links here never hold one).
 */
function query(link: string): Map<string, string> {
  const search = link.slice(link.indexOf('?') + 1).split('#')[0]!;
  return new Map(
    search.split('&').map((pair) => {
      const [key, value = ''] = pair.split('=');
      return [decodeURIComponent(key!), decodeURIComponent(value)] as const;
    }),
  );
}

/** The points a Google Maps directions link visits, in order (waypoints, then destination). */
function visited(link: string): string[] {
  const params = query(link);
  const waypoints = params.get('waypoints');
  return [...(waypoints ? waypoints.split('|') : []), params.get('destination')!];
}

describe('navigationLink', () => {
  it("opens Android's maps app with a geo: URI at the exact point, the label naming the pin", () => {
    expect(navigationLink(kitchen, 'android', 'Annapurna Kitchen')).toBe(
      'geo:12.971234,77.594567?q=12.971234,77.594567(Annapurna%20Kitchen)',
    );
  });

  it('keeps a geo: label whole: parentheses dropped, Indic names encoded', () => {
    const link = navigationLink(kitchen, 'android', 'Seva (North) అన్నదానం');
    expect(link).toMatch(/^geo:12\.971234,77\.594567\?q=12\.971234,77\.594567\([^()]+\)$/);
    expect(decodeURIComponent(link.slice(link.indexOf('(') + 1, -1))).toBe('Seva North అన్నదానం');
  });

  it('gives a bare geo: query without a label', () => {
    expect(navigationLink(kitchen, 'android')).toBe(
      'geo:12.971234,77.594567?q=12.971234,77.594567',
    );
  });

  it('opens Apple Maps directions on iOS', () => {
    expect(navigationLink(bank, 'ios', 'Seva Food Bank')).toBe(
      'https://maps.apple.com/?daddr=12.955678,77.612345',
    );
  });

  it('opens Google Maps directions elsewhere', () => {
    const link = navigationLink(bank, 'other', 'Seva Food Bank');
    expect(link).toBe('https://www.google.com/maps/dir/?api=1&destination=12.955678,77.612345');
    expect(query(link).get('destination')).toBe('12.955678,77.612345');
  });
});

describe('pointText', () => {
  it('writes at most six decimals, no trailing zeros, no exponent', () => {
    expect(pointText({ lat: 28.6139, lng: 77.209 })).toBe('28.6139,77.209');
    expect(pointText({ lat: 12.1234567, lng: -0.0000001 })).toBe('12.123457,0');
    expect(pointText({ lat: -33.8688, lng: 151.2093 })).toBe('-33.8688,151.2093');
  });
});

describe('openStreetMapLink', () => {
  it('puts a marker on the exact point at street zoom', () => {
    expect(openStreetMapLink(kitchen)).toBe(
      'https://www.openstreetmap.org/?mlat=12.971234&mlon=77.594567#map=18/12.971234/77.594567',
    );
  });
});

describe('directionsLink', () => {
  it('goes from the origin through the waypoints to the last point', () => {
    const link = directionsLink({ lat: 12.98, lng: 77.6 }, [kitchen, bank, { lat: 13, lng: 77.5 }]);
    const params = query(link);
    expect(params.get('api')).toBe('1');
    expect(params.get('origin')).toBe('12.98,77.6');
    expect(params.get('waypoints')).toBe('12.971234,77.594567|12.955678,77.612345');
    expect(params.get('destination')).toBe('13,77.5');
  });

  it('leaves the origin to the phone when there is none, and has no waypoints for one point', () => {
    const params = query(directionsLink(null, [bank]));
    expect(params.has('origin')).toBe(false);
    expect(params.has('waypoints')).toBe(false);
    expect(params.get('destination')).toBe('12.955678,77.612345');
  });
});

const point = fc.record({
  lat: fc.double({ min: 8, max: 35, noNaN: true }),
  lng: fc.double({ min: 68, max: 97, noNaN: true }),
});

describe('tripLinks', () => {
  it('holds six stops in one link', () => {
    const points = [kitchen, bank, kitchen, bank, kitchen, bank];
    const links = tripLinks(null, points);
    expect(links).toHaveLength(1);
    expect(visited(links[0]!)).toEqual(points.map(pointText));
  });

  it('puts every point in exactly one link, in order, each link within the stop limit', () => {
    fc.assert(
      fc.property(
        fc.option(point, { nil: null }),
        fc.array(point, { minLength: 1, maxLength: 35 }),
        fc.integer({ min: 1, max: MAX_STOPS_PER_TRIP_LINK }),
        (origin, points, max) => {
          const links = tripLinks(origin, points, max);
          expect(links).toHaveLength(Math.ceil(points.length / max));
          expect(links.flatMap(visited)).toEqual(points.map(pointText));
          for (const [i, link] of links.entries()) {
            expect(visited(link).length).toBeLessThanOrEqual(max);
            // Each part starts where the one before ended (the first where the carrier is).
            const from = i === 0 ? origin : points[i * max - 1]!;
            expect(query(link).get('origin')).toBe(from ? pointText(from) : undefined);
          }
        },
      ),
    );
  });

  it('has no link for no stops, and refuses a limit below one', () => {
    expect(tripLinks(kitchen, [])).toEqual([]);
    expect(() => tripLinks(null, [kitchen], 0)).toThrow(RangeError);
  });
});
