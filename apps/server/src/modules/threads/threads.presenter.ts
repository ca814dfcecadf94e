import type { ThreadMessage, ThreadParty, ThreadRequest } from '@annasetu/domain';
import { threadPartyOf } from '@annasetu/domain';
import type { ThreadMessageRow } from '../../db/schema/index.js';

/**
 * A message for one reader: the sender's name and what they are on the request (a party, or an
 * admin's note should admins ever write), and whether the reader wrote it.
 */
export function presentThreadMessage(
  row: ThreadMessageRow,
  request: ThreadRequest,
  readerId: string,
): ThreadMessage {
  const party: ThreadParty = threadPartyOf(row.senderId, request) ?? 'admin';
  return {
    id: row.id,
    senderId: row.senderId,
    senderName: row.senderName,
    party,
    mine: row.senderId === readerId,
    code: row.code,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}
