// Who may ask the assistant what. Pure: the assistant's tools act as the signed-in user only,
// and a tool about the user's own donations answers only for a role that donates.
import { DONOR_ROLES, hasAnyRole, type Role } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';

/** `ask` the assistant; read `ownDonations` through it (counts, latest, those still waiting). */
export type ChatAction = 'ask' | 'ownDonations';

/** The roles that may attempt each action; `'any'` for every signed-in user. */
export const CHAT_ACTION_ROLES: Record<ChatAction, readonly Role[] | 'any'> = {
  ask: 'any',
  ownDonations: DONOR_ROLES,
};

/** True when the user's role may attempt `action`. */
export function mayAttempt(user: Pick<UserRow, 'role'>, action: ChatAction): boolean {
  const roles = CHAT_ACTION_ROLES[action];
  return roles === 'any' || hasAnyRole(user.role, roles);
}
