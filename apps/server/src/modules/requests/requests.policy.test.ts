import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@annasetu/domain';
import { AppError } from '../../lib/errors.js';
import {
  SIGN_IN_CODE,
  authorize,
  can,
  feedbackKindFor,
  isRequestParty,
  mayAttempt,
  ratedUserOf,
  requestDetailsView,
  seesEveryRequest,
  type RequestAction,
  type RequestRecord,
} from './requests.policy.js';

const ME = '00000000-0000-4000-8000-000000000001';

/** How the caller stands to a request and its donation. */
const RELATIONS = ['requester', 'donor', 'volunteer', 'destination', 'stranger'] as const;
type Relation = (typeof RELATIONS)[number];

/** A request whose `relation` party is the caller; every other party is someone else. */
function recordFor(relation: Relation): RequestRecord {
  const id = (party: Relation) => (party === relation ? ME : `someone-${party}`);
  return {
    request: {
      requesterId: id('requester'),
      volunteerId: id('volunteer'),
      destinationUserId: id('destination'),
      isVolunteerRequest: false,
      isSelfDelivery: false,
    },
    donation: { donorId: id('donor'), volunteerId: id('volunteer') },
  };
}

const DESTINATIONS: Role[] = ['foodbank', 'nursery', 'poultry', 'individual'];
const DONORS: Role[] = ['restaurant', 'individual', 'mess'];

/** The rules, written out: which roles may attempt each action and in which relation. */
const EXPECTED: Record<RequestAction, { roles: readonly Role[]; relations: readonly Relation[] }> =
  {
    list: { roles: ROLES, relations: RELATIONS },
    listIncoming: { roles: DESTINATIONS, relations: RELATIONS },
    trip: { roles: ['volunteer', ...DONORS], relations: RELATIONS },
    accept: { roles: DONORS, relations: ['donor'] },
    reject: { roles: DONORS, relations: ['donor'] },
    withdraw: { roles: ['foodbank', 'nursery', 'poultry', 'individual'], relations: ['requester'] },
    grab: { roles: ['volunteer'], relations: RELATIONS },
    release: { roles: ['volunteer'], relations: ['volunteer'] },
    collect: { roles: ['volunteer'], relations: ['volunteer'] },
    complete: { roles: ['volunteer'], relations: ['volunteer'] },
    acceptDelivery: { roles: DESTINATIONS, relations: ['destination'] },
    confirmReceipt: { roles: DESTINATIONS, relations: ['destination'] },
    rate: {
      roles: ['restaurant', 'individual', 'mess', 'foodbank', 'nursery', 'poultry'],
      relations: ['donor', 'destination'],
    },
  };

describe('requests policy: every role x relation for each action', () => {
  for (const [action, rule] of Object.entries(EXPECTED) as [
    RequestAction,
    (typeof EXPECTED)[RequestAction],
  ][]) {
    it(action, () => {
      for (const role of ROLES) {
        expect(mayAttempt({ role }, action), `${role} attempts ${action}`).toBe(
          rule.roles.includes(role),
        );
        for (const relation of RELATIONS) {
          const allowed = rule.roles.includes(role) && rule.relations.includes(relation);
          const user = { id: ME, role };
          expect(can(user, action, recordFor(relation)), `${role} as ${relation}`).toBe(allowed);
          if (allowed) expect(() => authorize(user, action, recordFor(relation))).not.toThrow();
          else {
            const refused = (() => {
              try {
                authorize(user, action, recordFor(relation));
              } catch (error) {
                return error;
              }
            })();
            expect(refused).toBeInstanceOf(AppError);
            expect(refused).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
          }
        }
      }
    });
  }

  it('a volunteer withdraws no grab: it is released instead', () => {
    const grab = recordFor('requester');
    grab.request!.isVolunteerRequest = true;
    expect(can({ id: ME, role: 'individual' }, 'withdraw', grab)).toBe(false);
  });

  it('collecting needs the volunteer of both the request and the donation', () => {
    const released = recordFor('volunteer');
    released.donation!.volunteerId = 'another-volunteer';
    expect(can({ id: ME, role: 'volunteer' }, 'collect', released)).toBe(false);
    // Marking delivered looks at the request, releasing at the donation.
    expect(can({ id: ME, role: 'volunteer' }, 'complete', released)).toBe(true);
    expect(can({ id: ME, role: 'volunteer' }, 'release', released)).toBe(false);
  });

  it('the donor rates the pickup, the destination the food; a self delivery has no pickup', () => {
    const donor = { id: ME, role: 'restaurant' as const };
    expect(feedbackKindFor(donor, recordFor('donor'))).toBe('pickup');
    expect(feedbackKindFor({ id: ME }, recordFor('destination'))).toBe('food');
    const self = recordFor('donor');
    self.request!.isSelfDelivery = true;
    self.request!.volunteerId = null;
    expect(feedbackKindFor(donor, self)).toBeNull();
    expect(can(donor, 'rate', self)).toBe(false);
    expect(feedbackKindFor({ id: ME }, recordFor('volunteer'))).toBeNull();
    expect(ratedUserOf('food', { donorId: 'd', volunteerId: 'v' })).toBe('d');
    expect(ratedUserOf('pickup', { donorId: 'd', volunteerId: 'v' })).toBe('v');
  });

  it('a record-bound action without its record is refused', () => {
    expect(can({ id: ME, role: 'restaurant' }, 'accept')).toBe(false);
    expect(can({ id: ME, role: 'foodbank' }, 'confirmReceipt')).toBe(false);
  });

  it("anonymous callers get the seed's words for grabbing and collecting", () => {
    expect(SIGN_IN_CODE.grab).toBe('VOLUNTEER_LOGIN_REQUIRED');
    expect(SIGN_IN_CODE.collect).toBe('LOGIN_REQUIRED_TO_COLLECT');
    expect(SIGN_IN_CODE.accept).toBeUndefined();
  });
});

describe('requests policy: lists and details', () => {
  it('only admins list every request', () => {
    for (const role of ROLES) expect(seesEveryRequest({ role })).toBe(role === 'admin');
  });

  it('a party is the requester, donor, volunteer or destination', () => {
    const parties = {
      requesterId: 'r',
      donorId: 'd',
      volunteerId: null,
      destinationUserId: 't',
    };
    for (const id of ['r', 'd', 't']) expect(isRequestParty({ id }, parties)).toBe(true);
    expect(isRequestParty({ id: 'x' }, parties)).toBe(false);
  });

  const now = Date.parse('2026-06-01T12:00:00Z');
  const row = (status: 'pending' | 'accepted' | 'fulfilled', daysAgo = 0) => ({
    requesterId: 'r',
    donorId: 'd',
    volunteerId: 'v',
    destinationUserId: 't',
    isVolunteerRequest: false,
    status,
    updatedAt: new Date(now - daysAgo * 24 * 60 * 60 * 1000),
  });
  const none = { requester: false, requesterHome: false, donor: false, volunteer: false };

  it('before a match each party sees only their own details', () => {
    expect(requestDetailsView({ id: 'd', role: 'restaurant' }, row('pending'), now)).toEqual({
      ...none,
      donor: true,
      destination: false,
    });
    expect(requestDetailsView({ id: 'r', role: 'foodbank' }, row('pending'), now)).toEqual({
      ...none,
      requester: true,
      requesterHome: true,
      destination: false,
    });
  });

  it('while matched every party sees the others; a stranger never does', () => {
    const all = { requester: true, requesterHome: true, donor: true, volunteer: true };
    expect(requestDetailsView({ id: 'v', role: 'volunteer' }, row('accepted'), now)).toEqual({
      ...all,
      destination: true,
    });
    expect(requestDetailsView({ id: 't', role: 'foodbank' }, row('fulfilled', 6), now)).toEqual({
      ...all,
      destination: true,
    });
    expect(requestDetailsView({ id: 't', role: 'foodbank' }, row('fulfilled', 8), now)).toEqual({
      ...none,
      destination: true,
    });
    expect(requestDetailsView({ id: 'x', role: 'foodbank' }, row('accepted'), now)).toEqual({
      ...none,
      destination: false,
    });
  });

  it('admins see every party; a volunteer-requester keeps their home to themself', () => {
    const grab = { ...row('accepted'), requesterId: 'v', isVolunteerRequest: true };
    expect(requestDetailsView({ id: 'a', role: 'admin' }, row('pending'), now)).toEqual({
      requester: true,
      requesterHome: true,
      donor: true,
      volunteer: true,
      destination: true,
    });
    expect(requestDetailsView({ id: 'd', role: 'restaurant' }, grab, now)).toMatchObject({
      requester: true,
      requesterHome: false,
    });
    expect(requestDetailsView({ id: 'a', role: 'admin' }, grab, now).requesterHome).toBe(false);
    expect(requestDetailsView({ id: 'v', role: 'volunteer' }, grab, now).requesterHome).toBe(true);
  });
});
