// Who may read a donation's handover record and a register of food received. Pure: the routes
// ask `mayAttempt` before reading the input (by role alone), the service asks `authorize` once
// the donation and its handover are read (role and relation).
import { RECEIVER_ROLES, hasAnyRole, type Role } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** Every read of the handover module. */
export type HandoverAction = 'read' | 'register';

/** The roles that may attempt each action; `'any'` for every signed-in user. */
export const HANDOVER_ACTION_ROLES: Record<HandoverAction, readonly Role[] | 'any'> = {
  // Donors, volunteers, receivers and admins all take part in handovers: the relation decides.
  read: 'any',
  // A register of the food one received: food banks, nurseries and poultry farms.
  register: RECEIVER_ROLES,
};

/** The people of one donation's handover: its donor, and the carrying request's parties. */
export interface HandoverParties {
  donorId: string;
  volunteerId: string | null;
  destinationUserId: string | null;
}

/** True when the user's role may attempt `action` at all (before any record is read). */
export function mayAttempt(user: Pick<UserRow, 'role'>, action: HandoverAction): boolean {
  const roles = HANDOVER_ACTION_ROLES[action];
  return roles === 'any' || hasAnyRole(user.role, roles);
}

/** Admins read every handover record (an inspection goes through support too). */
export function seesEveryHandover(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'admin';
}

/**
 * May `user` read the handover record of a donation with these parties? The donor, the volunteer
 * who carried it, the receiver it went to, and admins; nobody else (a receiver whose request
 * was routed elsewhere, a volunteer who released it, another food bank). A register: any
 * receiver, of their own receipts.
 */
export function can(user: Actor, action: HandoverAction, parties?: HandoverParties): boolean {
  if (!mayAttempt(user, action)) return false;
  // A register is one's own by construction: the queries filter by the receiver.
  if (action === 'register') return true;
  if (seesEveryHandover(user)) return true;
  return (
    parties !== undefined &&
    [parties.donorId, parties.volunteerId, parties.destinationUserId].includes(user.id)
  );
}

/** `can`, as a 403 FORBIDDEN when not. */
export function authorize(user: Actor, action: HandoverAction, parties?: HandoverParties): void {
  if (!can(user, action, parties)) throw new AppError('FORBIDDEN');
}
