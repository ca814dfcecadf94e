import { describe, expect, it } from 'vitest';
import { ROLES } from '@annasetu/domain';
import { can, ownerScope, type NotificationAction } from './notifications.policy.js';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const ACTIONS: NotificationAction[] = ['list', 'markRead', 'delete', 'preferences'];

describe('notifications policy', () => {
  for (const role of ROLES) {
    it(`lets ${role} act on their own notifications only`, () => {
      const user = { id: ME, role };
      for (const action of ACTIONS) {
        expect(can(user, action, { userId: ME })).toBe(true);
        expect(can(user, action, { userId: OTHER })).toBe(false);
      }
    });
  }

  it('scopes the queries to exactly the notifications `can` allows', () => {
    const user = { id: ME, role: 'volunteer' as const };
    for (const userId of [ME, OTHER]) {
      expect(ownerScope(user) === userId).toBe(can(user, 'markRead', { userId }));
    }
  });
});
