import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@annasetu/domain';
import { can, mayAttempt, type PhotoRecord, type UploadAction } from './uploads.policy.js';

const ME = '00000000-0000-4000-8000-000000000001';

/** How the caller stands to a photo: uploaded it, or is a party of its collection and request. */
const RELATIONS = [
  'owner',
  'donor',
  'destination',
  'requestDestination',
  'requestVolunteer',
  'stranger',
] as const;
type Relation = (typeof RELATIONS)[number];

function photoFor(relation: Relation, attached: boolean): PhotoRecord {
  const id = (party: Relation) => (party === relation ? ME : `someone-${party}`);
  return {
    ownerId: id('owner'),
    collectionId: attached ? 'collection-1' : null,
    donorId: id('donor'),
    destinationUserId: id('destination'),
    requestDestinationId: id('requestDestination'),
    volunteerId: id('requestVolunteer'),
  };
}

const ALL_PARTIES: readonly Relation[] = [
  'owner',
  'donor',
  'destination',
  'requestDestination',
  'requestVolunteer',
];

/** The rules, written out: roles, relations, and whether an attached photo qualifies. */
const EXPECTED: Record<
  UploadAction,
  { roles: readonly Role[]; relations: readonly Relation[]; attached: boolean; admin: boolean }
> = {
  upload: {
    roles: ['volunteer'],
    relations: [...ALL_PARTIES, 'stranger'],
    attached: true,
    admin: false,
  },
  delete: { roles: ['volunteer'], relations: ['owner'], attached: false, admin: false },
  attach: { roles: ['volunteer'], relations: ['owner'], attached: false, admin: false },
  view: { roles: ROLES, relations: ['owner', 'donor', 'destination'], attached: true, admin: true },
  viewRequestPhoto: {
    roles: ROLES,
    relations: ['donor', 'destination', 'requestDestination', 'requestVolunteer'],
    attached: true,
    admin: true,
  },
};

describe('uploads policy: every role x relation for each action', () => {
  for (const [action, rule] of Object.entries(EXPECTED) as [
    UploadAction,
    (typeof EXPECTED)[UploadAction],
  ][]) {
    it(action, () => {
      for (const role of ROLES) {
        expect(mayAttempt({ role }, action), `${role} attempts ${action}`).toBe(
          rule.roles.includes(role),
        );
        for (const relation of RELATIONS) {
          for (const attached of [false, true]) {
            const related = (rule.admin && role === 'admin') || rule.relations.includes(relation);
            const allowed = rule.roles.includes(role) && related && (rule.attached || !attached);
            expect(
              can({ id: ME, role }, action, photoFor(relation, attached)),
              `${role} as ${relation}, ${attached ? 'attached' : 'unattached'}`,
            ).toBe(allowed);
          }
        }
      }
    });
  }

  it('a photo no one is recorded against is its owner’s alone', () => {
    const loose = { ownerId: 'owner', collectionId: null, donorId: null, destinationUserId: null };
    expect(can({ id: 'owner', role: 'volunteer' }, 'view', loose)).toBe(true);
    expect(can({ id: 'other', role: 'restaurant' }, 'view', loose)).toBe(false);
    expect(can({ id: 'admin', role: 'admin' }, 'view', loose)).toBe(true);
  });

  it("a request's requester who is not its destination does not see its photo", () => {
    const photo = {
      donorId: 'd',
      volunteerId: 'v',
      requestDestinationId: null,
      destinationUserId: null,
    };
    expect(can({ id: 'r', role: 'foodbank' }, 'viewRequestPhoto', photo)).toBe(false);
    expect(can({ id: 'v', role: 'volunteer' }, 'viewRequestPhoto', photo)).toBe(true);
  });
});
