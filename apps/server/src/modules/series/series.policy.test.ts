import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@annasetu/domain';
import { can, mayAttempt, ownerScope, type SeriesAction } from './series.policy.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

/** The rules, written out: the roles that may act, and whether the series must be one's own. */
const DONORS: readonly Role[] = ['restaurant', 'individual', 'mess'];
const EXPECTED: Record<SeriesAction, { roles: readonly Role[]; ownOnly: boolean }> = {
  list: { roles: DONORS, ownOnly: false },
  create: { roles: DONORS, ownOnly: false },
  update: { roles: DONORS, ownOnly: true },
  skip: { roles: DONORS, ownOnly: true },
  keep: { roles: DONORS, ownOnly: true },
  end: { roles: DONORS, ownOnly: true },
};

describe('series policy: every role x owner for each action', () => {
  for (const [action, rule] of Object.entries(EXPECTED) as Array<
    [SeriesAction, (typeof EXPECTED)[SeriesAction]]
  >) {
    for (const role of ROLES) {
      const user = { id: ME, role };
      const roleMay = rule.roles.includes(role);
      it(`${action} as ${role}: ${roleMay ? 'allowed by role' : 'refused by role'}`, () => {
        expect(mayAttempt(user, action)).toBe(roleMay);
        expect(can(user, action, { donorId: ME })).toBe(roleMay);
        expect(can(user, action, { donorId: OTHER })).toBe(roleMay && !rule.ownOnly);
      });
    }
  }

  it('needs a series for every action on one, and lists by the caller as owner', () => {
    expect(can({ id: ME, role: 'restaurant' }, 'end')).toBe(false);
    expect(can({ id: ME, role: 'restaurant' }, 'create')).toBe(true);
    expect(ownerScope({ id: ME, role: 'mess' })).toBe(ME);
  });
});
