import { describe, expect, it } from 'vitest';
import { ROLES } from '@annasetu/domain';
import { canListUsersOfRole, hidesHome } from './users-directory.policy.js';

describe('users directory policy', () => {
  it('every role may list the receivers; only admins list any other role', () => {
    const receivers = ['foodbank', 'nursery', 'poultry'];
    for (const viewer of ROLES) {
      for (const listed of ROLES) {
        expect(canListUsersOfRole({ role: viewer }, listed), `${viewer} lists ${listed}`).toBe(
          viewer === 'admin' || receivers.includes(listed),
        );
      }
    }
  });

  it("only a volunteer's home is kept out of the directory", () => {
    for (const role of ROLES) expect(hidesHome({ role })).toBe(role === 'volunteer');
  });
});
