// Who may do what to which recurring donation. Pure: the routes ask `mayAttempt` before reading
// the input (by role alone), the service asks `can` once the series is locked.
import { DONOR_ROLES, hasAnyRole, type Role } from '@annasetu/domain';
import type { SeriesRow, UserRow } from '../../db/schema/index.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** Every action on recurring donations. */
export type SeriesAction = 'list' | 'create' | 'update' | 'skip' | 'keep' | 'end';

/** The roles that may attempt each action: donors, as for one-off donations. */
export const SERIES_ACTION_ROLES: Record<SeriesAction, readonly Role[]> = {
  list: DONOR_ROLES,
  create: DONOR_ROLES,
  update: DONOR_ROLES,
  skip: DONOR_ROLES,
  keep: DONOR_ROLES,
  end: DONOR_ROLES,
};

/** True when the user's role may attempt `action` at all (before any series is read). */
export function mayAttempt(user: Pick<UserRow, 'role'>, action: SeriesAction): boolean {
  return hasAnyRole(user.role, SERIES_ACTION_ROLES[action]);
}

/**
 * May `user` do `action` to `series`? A donor acts on their own series only; another donor's
 * series answers 404, as if it did not exist. Listing and creating need no series.
 */
export function can(
  user: Actor,
  action: SeriesAction,
  series?: Pick<SeriesRow, 'donorId'>,
): boolean {
  if (!mayAttempt(user, action)) return false;
  if (action === 'list' || action === 'create') return true;
  return series?.donorId === user.id;
}

/** The donor the series list is filtered by for `user`: the SQL form of `can` for `list`. */
export function ownerScope(user: Actor): string {
  return user.id;
}
