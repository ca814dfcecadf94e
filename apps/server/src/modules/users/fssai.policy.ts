import { FSSAI_ROLES, hasAnyRole } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';
import { invalidField } from '../../lib/errors.js';

/** The FSSAI columns a profile edit writes. */
export interface FssaiChange {
  fssaiNumber: string | null;
  fssaiVerifiedAt: Date | null;
  fssaiVerifiedBy: string | null;
}

/**
 * The FSSAI fields after the owner enters (or clears, with '') their number. Only food
 * businesses and food banks hold one; individuals are exempt. A new number is unverified until an
 * admin checks it again; the same number keeps its check.
 */
export function fssaiFieldsAfter(
  user: Pick<UserRow, 'role' | 'fssaiNumber' | 'fssaiVerifiedAt' | 'fssaiVerifiedBy'>,
  number: string,
): FssaiChange {
  const next = number === '' ? null : number;
  if (next !== null && !hasAnyRole(user.role, FSSAI_ROLES)) {
    throw invalidField('fssaiNumber', 'FSSAI_NOT_FOR_ROLE');
  }
  if (next === user.fssaiNumber) {
    return {
      fssaiNumber: next,
      fssaiVerifiedAt: user.fssaiVerifiedAt,
      fssaiVerifiedBy: user.fssaiVerifiedBy,
    };
  }
  return { fssaiNumber: next, fssaiVerifiedAt: null, fssaiVerifiedBy: null };
}

/** Whether an admin may mark this account's FSSAI number checked: there must be one. */
export function mayVerifyFssai(user: Pick<UserRow, 'fssaiNumber'>): boolean {
  return user.fssaiNumber !== null;
}
