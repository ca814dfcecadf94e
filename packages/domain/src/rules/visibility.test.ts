import { describe, expect, it } from 'vitest';
import { haversineKm } from './distance.js';
import {
  approximatePoint,
  isContactWindowOpen,
  localityOf,
  roundApproximateDistanceKm,
} from './visibility.js';

describe('localityOf', () => {
  it('keeps the last two parts after the house and street, without PIN code or country', () => {
    expect(localityOf('Flat 3B, 14 Park Street, Park Circus, Kolkata 700017')).toBe(
      'Park Circus, Kolkata',
    );
    expect(localityOf('14 Church Street, Shivajinagar, Bengaluru 560001, India')).toBe(
      'Shivajinagar, Bengaluru',
    );
  });

  it('never returns the first part, which holds the house and street', () => {
    expect(localityOf('12 MG Road, Bengaluru')).toBe('Bengaluru');
    expect(localityOf('Hotel Saravana, Chennai')).toBe('Chennai');
    expect(localityOf('12 MG Road, 560001')).not.toMatch(/12|MG/);
  });

  it('drops parts with a house number, in any script', () => {
    expect(localityOf('House 4, Lane २३, Sector 17, Chandigarh')).toBe('Chandigarh');
  });

  it('gives the last word without digits for an address without commas', () => {
    expect(localityOf('221 Baker Street Hyderabad 500001')).toBe('Hyderabad');
    expect(localityOf('Chandigarh')).toBe('');
    expect(localityOf('45 17')).toBe('');
  });

  it('reads Indic addresses separated by commas', () => {
    expect(localityOf('१२ गांधी मार्ग, करोल बाग, नई दिल्ली 110005')).toBe('करोल बाग, नई दिल्ली');
  });

  it('is empty for a missing address', () => {
    expect(localityOf('')).toBe('');
    expect(localityOf(null)).toBe('');
    expect(localityOf('-')).toBe('');
  });
});

describe('approximatePoint', () => {
  it('rounds to two decimals: within about 0.8 km of the true point', () => {
    const exact = { lat: 12.971_234, lng: 77.594_567 };
    const near = approximatePoint(exact)!;
    expect(near).toEqual({ lat: 12.97, lng: 77.59 });
    expect(haversineKm(exact, near)).toBeLessThan(0.8);
    expect(approximatePoint(null)).toBeNull();
  });

  it('gives every point of one ~1 km cell the same answer', () => {
    const a = approximatePoint({ lat: 28.6131, lng: 77.2091 });
    const b = approximatePoint({ lat: 28.6149, lng: 77.2051 });
    expect(a).toEqual(b);
  });
});

describe('roundApproximateDistanceKm', () => {
  it('rounds to half kilometres', () => {
    expect(roundApproximateDistanceKm(0.2)).toBe(0);
    expect(roundApproximateDistanceKm(0.3)).toBe(0.5);
    expect(roundApproximateDistanceKm(3.74)).toBe(3.5);
    expect(roundApproximateDistanceKm(3.76)).toBe(4);
  });
});

describe('isContactWindowOpen', () => {
  const now = Date.UTC(2026, 10, 20, 12);
  const day = 24 * 60 * 60 * 1000;
  const at = (status: string, daysAgo: number) => ({
    status,
    updatedAt: new Date(now - daysAgo * day),
  });

  it('is open while the work is live, however long ago it started', () => {
    expect(isContactWindowOpen(at('accepted', 30), now)).toBe(true);
    expect(isContactWindowOpen(at('collected', 30), now)).toBe(true);
  });

  it('stays open 7 days after delivery, then closes', () => {
    expect(isContactWindowOpen(at('fulfilled', 6.9), now)).toBe(true);
    expect(isContactWindowOpen(at('fulfilled', 7), now)).toBe(false);
  });

  it('is never open before a match or after a refusal', () => {
    for (const status of ['pending', 'rejected', 'cancelled']) {
      expect(isContactWindowOpen(at(status, 0), now)).toBe(false);
    }
  });
});
