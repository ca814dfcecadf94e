import type { FastifyRequest } from 'fastify';
import { hasAnyRole, type ErrorCode, type Role } from '@annasetu/domain';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { roleRule } from '../lib/openapi.js';

/**
 * The authorization layer every route uses. Route handlers never inspect roles inline: they
 * declare `preValidation: requireSignedIn`, `requireAnyRole(...)` or `requireAllowed(rule)` with
 * a rule from their module's `*.policy.ts` (so a caller who may not use a route learns nothing
 * from its validation errors), and services call `currentUser(request)` to get the signed-in
 * user and their module's policy once the records are read.
 */

/** The signed-in user, or a 401. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** True when the user holds `role`. */
export function hasRole(user: Pick<UserRow, 'role'>, role: Role): boolean {
  return user.role === role;
}

/** True when the user holds any of `roles`. */
export function hasAnyOf(user: Pick<UserRow, 'role'>, roles: readonly Role[]): boolean {
  return hasAnyRole(user.role, roles);
}

/** Route guard: any signed-in user. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  currentUser(request);
}

/** Route guard factory: a signed-in user holding one of `roles` (401 anonymous, 403 otherwise). */
export function requireAnyRole(...roles: Role[]) {
  return roleRule(async function requireRoles(request: FastifyRequest): Promise<void> {
    if (!hasAnyOf(currentUser(request), roles)) throw new AppError('FORBIDDEN');
  });
}

/**
 * Route guard from a module policy's rule: `whenAnonymous` (401) without a session, 403 when the
 * rule refuses the signed-in user.
 */
export function requireAllowed(
  allowed: (user: UserRow) => boolean,
  whenAnonymous: ErrorCode = 'UNAUTHENTICATED',
) {
  return roleRule(async function requirePolicy(request: FastifyRequest): Promise<void> {
    if (!request.user) throw new AppError(whenAnonymous);
    if (!allowed(request.user)) throw new AppError('FORBIDDEN');
  });
}
