import { describe, expect, it } from 'vitest';
import { isOpenForRequests, isOpenForVolunteers, type AvailabilityFacts } from './availability.js';

const now = '2025-03-01T12:00:00Z';
const open: AvailabilityFacts = {
  status: 'pending',
  expiryTime: '2025-03-01T13:00:00Z',
  deliveryMethod: 'volunteer',
  volunteerId: null,
};

describe('isOpenForRequests', () => {
  it('is open while pending and before expiry', () => {
    expect(isOpenForRequests(open, now)).toBe(true);
  });

  it('closes at the expiry instant even before the expiry job runs', () => {
    expect(isOpenForRequests(open, '2025-03-01T13:00:00Z')).toBe(false);
  });

  it('is closed once accepted, completed, rejected or expired', () => {
    for (const status of ['accepted', 'completed', 'rejected', 'expired']) {
      expect(isOpenForRequests({ ...open, status }, now)).toBe(false);
    }
  });
});

describe('isOpenForVolunteers', () => {
  it('shows pending and accepted volunteer donations without a volunteer', () => {
    expect(isOpenForVolunteers(open, now)).toBe(true);
    expect(isOpenForVolunteers({ ...open, status: 'accepted' }, now)).toBe(true);
  });

  it('hides a donation someone already grabbed', () => {
    expect(
      isOpenForVolunteers({ ...open, volunteerId: '7d7d7d7d-0000-4000-8000-000000000000' }, now),
    ).toBe(false);
  });

  it('hides self-delivery donations', () => {
    expect(isOpenForVolunteers({ ...open, deliveryMethod: 'self' }, now)).toBe(false);
  });

  it('hides finished and expired donations', () => {
    for (const status of ['completed', 'rejected', 'expired']) {
      expect(isOpenForVolunteers({ ...open, status }, now)).toBe(false);
    }
    expect(isOpenForVolunteers(open, '2025-03-01T13:00:00Z')).toBe(false);
  });
});
