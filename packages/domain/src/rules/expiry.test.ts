import { describe, expect, it } from 'vitest';
import { expiryTimeFor, isExpired, msUntilExpiry, shouldExpire, toEpochMs } from './expiry.js';

const created = '2025-03-01T10:00:00.000Z';

describe('expiryTimeFor', () => {
  it('adds expiryHours to createdAt', () => {
    expect(expiryTimeFor(created, 6).toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(expiryTimeFor(new Date(created), 1).toISOString()).toBe('2025-03-01T11:00:00.000Z');
  });

  it('crosses midnight and month ends', () => {
    expect(expiryTimeFor('2025-02-28T20:00:00Z', 72).toISOString()).toBe(
      '2025-03-03T20:00:00.000Z',
    );
  });

  it('respects the offset of the creation time', () => {
    expect(expiryTimeFor('2025-03-01T10:00:00+05:30', 6).toISOString()).toBe(
      '2025-03-01T10:30:00.000Z',
    );
  });

  it('refuses negative hours and bad dates', () => {
    expect(() => expiryTimeFor(created, -1)).toThrow(RangeError);
    expect(() => expiryTimeFor(created, Number.NaN)).toThrow(RangeError);
    expect(() => expiryTimeFor('not a date', 6)).toThrow(RangeError);
  });
});

describe('isExpired', () => {
  const expiry = '2025-03-01T16:00:00.000Z';

  it('is false one millisecond before expiry', () => {
    expect(isExpired(expiry, toEpochMs(expiry) - 1)).toBe(false);
  });

  it('is true at the expiry instant and after', () => {
    expect(isExpired(expiry, expiry)).toBe(true);
    expect(isExpired(expiry, new Date('2025-03-02T00:00:00Z'))).toBe(true);
  });
});

describe('msUntilExpiry', () => {
  it('counts down and stops at zero', () => {
    expect(msUntilExpiry('2025-03-01T16:00:00Z', '2025-03-01T15:00:00Z')).toBe(3_600_000);
    expect(msUntilExpiry('2025-03-01T16:00:00Z', '2025-03-01T17:00:00Z')).toBe(0);
  });
});

describe('shouldExpire', () => {
  const past = { expiryTime: '2025-03-01T16:00:00Z' };
  const now = '2025-03-01T16:00:01Z';

  it('expires a pending donation past its expiry time', () => {
    expect(shouldExpire({ ...past, status: 'pending' }, now)).toBe(true);
  });

  it('leaves a pending donation before its expiry time', () => {
    expect(shouldExpire({ ...past, status: 'pending' }, '2025-03-01T15:59:59Z')).toBe(false);
  });

  it('never expires a donation that is accepted, completed, rejected or already expired', () => {
    for (const status of ['accepted', 'completed', 'rejected', 'expired']) {
      expect(shouldExpire({ ...past, status }, now)).toBe(false);
    }
  });
});
