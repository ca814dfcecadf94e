// Who may list which users (the destination pickers, the admin console). Pure.
import { RECEIVER_ROLES, hasAnyRole, type Role } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';

/**
 * Receivers (food banks, nurseries, poultry farms) are listed to every signed-in user, for the
 * destination pickers; the other roles to admins only.
 */
export function canListUsersOfRole(user: Pick<UserRow, 'role'>, role: Role): boolean {
  return user.role === 'admin' || hasAnyRole(role, RECEIVER_ROLES);
}

/** A volunteer's home is never shown in the directory, to anyone: no locality, no point. */
export function hidesHome(listed: Pick<UserRow, 'role'>): boolean {
  return listed.role === 'volunteer';
}
