// Who may read and write a pickup's conversation (decision 0065). Pure: the service asks once
// the request is read. Privacy by relation, as everywhere: only the request's parties take part;
// admins may read (each read is logged) but never write.
import { threadPartyOf, type ThreadParty, type ThreadRequest } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export type ThreadAction = 'read' | 'write';

/**
 * How `user` takes part in the thread of `request`: as one of its parties, or as an admin
 * reading it. Anyone else is refused with 403 (the request's existence is no secret to a
 * signed-in user, as on every request route).
 */
export function authorizeThread(
  user: Pick<UserRow, 'id' | 'role'>,
  action: ThreadAction,
  request: ThreadRequest,
): ThreadParty {
  const party = threadPartyOf(user.id, request);
  if (party) return party;
  if (user.role === 'admin' && action === 'read') return 'admin';
  throw new AppError('FORBIDDEN');
}
