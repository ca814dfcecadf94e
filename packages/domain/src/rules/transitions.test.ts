import { describe, expect, it } from 'vitest';
import { DONATION_STATUSES, REQUEST_STATUSES } from '../constants/statuses.js';
import { DomainError } from '../errors.js';
import {
  ACTORS,
  DONATION_TRANSITIONS,
  REQUEST_TRANSITIONS,
  assertTransition,
  canDeleteDonation,
  canTransition,
  donationStatusAfterCollection,
  isTerminalStatus,
  nextStatuses,
  statusesOf,
  type Actor,
} from './transitions.js';

function errorOf(fn: () => void): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

// Every allowed move as "from>to:actor", so the tables are pinned exactly.
const pairs = (kind: 'donation' | 'request') => {
  const out: string[] = [];
  for (const from of statusesOf(kind)) {
    for (const to of statusesOf(kind)) {
      for (const by of ACTORS) {
        if (canTransition(kind, from, to, by)) out.push(`${from}>${to}:${by}`);
      }
    }
  }
  return out.sort();
};

describe('donation state machine', () => {
  it('allows exactly the seed and product moves', () => {
    expect(pairs('donation')).toEqual(
      [
        'pending>accepted:donor',
        'pending>accepted:volunteer',
        'pending>expired:system',
        'accepted>pending:volunteer',
        'accepted>completed:volunteer',
        'accepted>completed:destination',
        'accepted>rejected:volunteer',
        'accepted>rejected:destination',
      ].sort(),
    );
  });

  it('only expires pending donations, and only by the system', () => {
    expect(canTransition('donation', 'pending', 'expired', 'system')).toBe(true);
    expect(canTransition('donation', 'pending', 'expired', 'donor')).toBe(false);
    expect(canTransition('donation', 'accepted', 'expired')).toBe(false);
  });

  it('maps collection quality to completed or rejected', () => {
    expect(donationStatusAfterCollection('good')).toBe('completed');
    expect(donationStatusAfterCollection('bad')).toBe('rejected');
  });

  it('treats completed, rejected and expired as final', () => {
    expect(DONATION_STATUSES.filter((s) => isTerminalStatus('donation', s))).toEqual([
      'rejected',
      'completed',
      'expired',
    ]);
  });

  it('lets the donor delete only what nobody has collected', () => {
    expect(DONATION_STATUSES.filter(canDeleteDonation)).toEqual(['pending', 'accepted', 'expired']);
  });
});

describe('request state machine', () => {
  it('allows exactly the seed and product moves', () => {
    expect(pairs('request')).toEqual(
      [
        'pending>accepted:donor',
        'pending>accepted:volunteer',
        'pending>rejected:donor',
        'pending>cancelled:requester',
        'pending>cancelled:donor',
        'pending>cancelled:system',
        'accepted>cancelled:donor',
        'accepted>cancelled:volunteer',
        'accepted>collected:volunteer',
        'accepted>fulfilled:destination',
        'collected>fulfilled:volunteer',
        'collected>fulfilled:destination',
      ].sort(),
    );
  });

  it('lets only the donor accept or reject a receiver request', () => {
    expect(canTransition('request', 'pending', 'rejected', 'donor')).toBe(true);
    for (const by of ['requester', 'destination', 'volunteer', 'system'] as Actor[]) {
      expect(canTransition('request', 'pending', 'rejected', by)).toBe(false);
    }
    expect(canTransition('request', 'pending', 'accepted', 'requester')).toBe(false);
  });

  it('walks the volunteer path pending > accepted > collected > fulfilled', () => {
    expect(() => assertTransition('request', 'pending', 'accepted', 'volunteer')).not.toThrow();
    expect(() => assertTransition('request', 'accepted', 'collected', 'volunteer')).not.toThrow();
    expect(() => assertTransition('request', 'collected', 'fulfilled', 'volunteer')).not.toThrow();
  });

  it('lets the destination confirm receipt, but not collect', () => {
    expect(canTransition('request', 'collected', 'fulfilled', 'destination')).toBe(true);
    expect(canTransition('request', 'accepted', 'fulfilled', 'destination')).toBe(true);
    expect(canTransition('request', 'accepted', 'collected', 'destination')).toBe(false);
    expect(canTransition('request', 'accepted', 'fulfilled', 'volunteer')).toBe(false);
  });

  it('cannot skip collection from pending or be collected twice', () => {
    expect(canTransition('request', 'pending', 'collected')).toBe(false);
    expect(canTransition('request', 'pending', 'fulfilled')).toBe(false);
    expect(canTransition('request', 'collected', 'collected')).toBe(false);
    expect(canTransition('request', 'collected', 'cancelled')).toBe(false);
  });

  it('treats rejected, fulfilled and cancelled as final', () => {
    expect(REQUEST_STATUSES.filter((s) => isTerminalStatus('request', s))).toEqual([
      'rejected',
      'fulfilled',
      'cancelled',
    ]);
  });

  it('lists the next statuses an actor can reach', () => {
    expect(nextStatuses('request', 'pending', 'donor')).toEqual([
      'accepted',
      'rejected',
      'cancelled',
    ]);
    expect(nextStatuses('request', 'accepted', 'volunteer')).toEqual(['cancelled', 'collected']);
    expect(nextStatuses('request', 'fulfilled')).toEqual([]);
  });
});

describe('assertTransition', () => {
  it('throws INVALID_TRANSITION (409) for a move the machine does not have', () => {
    const error = errorOf(() => assertTransition('donation', 'completed', 'pending'));
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Cannot move a donation from completed to pending.');
  });

  it('throws INVALID_TRANSITION for a repeat of the current status', () => {
    expect(errorOf(() => assertTransition('request', 'accepted', 'accepted')).code).toBe(
      'INVALID_TRANSITION',
    );
  });

  it('throws FORBIDDEN (403) when the actor may not make an existing move', () => {
    const error = errorOf(() => assertTransition('request', 'pending', 'rejected', 'requester'));
    expect(error.code).toBe('FORBIDDEN');
    expect(error.status).toBe(403);
  });

  it('passes every move in the tables for each listed actor', () => {
    for (const t of DONATION_TRANSITIONS) {
      for (const by of t.by)
        expect(() => assertTransition('donation', t.from, t.to, by)).not.toThrow();
    }
    for (const t of REQUEST_TRANSITIONS) {
      for (const by of t.by)
        expect(() => assertTransition('request', t.from, t.to, by)).not.toThrow();
    }
  });
});
