import { describe, expect, it } from 'vitest';
import { ROLES } from '@annasetu/domain';
import { can, isPrivateRead, mayUseConsole, type AdminAction } from './admin.policy.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const ACTIONS: AdminAction[] = ['listUsers', 'updateUser', 'readEvents'];

describe('admin policy', () => {
  for (const role of ROLES) {
    const user = { id: ME, role };
    const admin = role === 'admin';
    it(`${admin ? 'lets' : 'refuses'} ${role} the console and each of its actions`, () => {
      expect(mayUseConsole(user)).toBe(admin);
      for (const action of ACTIONS) expect(can(user, action, { userId: OTHER })).toBe(admin);
    });
  }

  it('lets an admin verify, restore or suspend others, and verify but not suspend themself', () => {
    const admin = { id: ME, role: 'admin' as const };
    expect(can(admin, 'updateUser', { userId: OTHER, suspend: true })).toBe(true);
    expect(can(admin, 'updateUser', { userId: ME, suspend: true })).toBe(false);
    expect(can(admin, 'updateUser', { userId: ME, suspend: false })).toBe(true);
    expect(can(admin, 'updateUser', { userId: ME })).toBe(true);
  });

  it("logs an admin's reads of other accounts, not of their own", () => {
    expect(isPrivateRead({ id: ME }, { id: OTHER })).toBe(true);
    expect(isPrivateRead({ id: ME }, { id: ME })).toBe(false);
  });
});
