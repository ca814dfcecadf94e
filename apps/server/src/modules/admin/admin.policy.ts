// Who may use the admin console, and what an admin may not do even there. Pure.
import { hasAnyRole, type Role } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** Every action of the admin console. */
export type AdminAction = 'listUsers' | 'updateUser' | 'readEvents';

/** The roles that may attempt each action. */
export const ADMIN_ACTION_ROLES: Record<AdminAction, readonly Role[]> = {
  listUsers: ['admin'],
  updateUser: ['admin'],
  readEvents: ['admin'],
};

/** True when the user's role may use the console at all (every action is admin only). */
export function mayUseConsole(user: Pick<UserRow, 'role'>): boolean {
  return Object.values(ADMIN_ACTION_ROLES).every((roles) => hasAnyRole(user.role, roles));
}

/** The change an admin asks for on an account: the account, and whether it is a suspension. */
export interface AccountChange {
  userId: string;
  suspend?: boolean | undefined;
}

/**
 * May `user` do `action` (to `change`, for `updateUser`)? Admins only; and no admin suspends
 * their own account (no locking yourself out).
 */
export function can(user: Actor, action: AdminAction, change?: AccountChange): boolean {
  if (!hasAnyRole(user.role, ADMIN_ACTION_ROLES[action])) return false;
  if (action === 'updateUser') return !(change?.suspend && change.userId === user.id);
  return true;
}

/** Whose private details an admin's read is logged for: everyone's but the admin's own. */
export function isPrivateRead(admin: Pick<UserRow, 'id'>, listed: Pick<UserRow, 'id'>): boolean {
  return listed.id !== admin.id;
}
