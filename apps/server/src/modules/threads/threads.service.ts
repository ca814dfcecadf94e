// The conversation of a pickup (decision 0065): read and write, notify the other parties.
import {
  QUICK_MESSAGES_BY_PARTY,
  THREAD_LIMITS,
  threadPartiesOf,
  threadWindow,
  type PickupThread,
  type QuickMessage,
  type ThreadMessage,
} from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { publishLive } from '../../lib/live.js';
import { appendEvent } from '../events/events.queries.js';
import { insertNotifications } from '../notifications/notifications.queries.js';
import { findRequest } from '../requests/requests.queries.js';
import { authorizeThread } from './threads.policy.js';
import { presentThreadMessage } from './threads.presenter.js';
import { insertThreadMessage, listThreadMessages } from './threads.queries.js';

/** A message as the body carries it, after the shared schema checked it: a code or text. */
export interface ThreadMessageBody {
  code?: QuickMessage | undefined;
  text?: string | undefined;
}

/**
 * A request's thread for one of its parties, or for an admin (whose read is logged in the event
 * log, as reads of private details are). Unknown request: 404; anyone else: 403.
 */
export async function readThread(
  database: Database,
  user: UserRow,
  requestId: string,
  now: Date = new Date(),
): Promise<PickupThread> {
  const request = await findRequest(database.db, requestId);
  if (!request) throw new AppError('NOT_FOUND');
  const party = authorizeThread(user, 'read', request);
  if (party === 'admin') {
    await appendEvent(database.db, {
      entityType: 'request',
      entityId: request.id,
      action: 'admin.thread_read',
      actorId: user.id,
    });
  }
  const rows = await listThreadMessages(database.db, request.id, THREAD_LIMITS.messages);
  const window = threadWindow(request, now);
  return {
    requestId: request.id,
    messages: rows.map((row) => presentThreadMessage(row, request, user.id)),
    canWrite: party !== 'admin' && window.canWrite,
    writableUntil: window.writableUntil?.toISOString() ?? null,
    quickMessages: [...QUICK_MESSAGES_BY_PARTY[party]],
  };
}

/**
 * Adds a party's message to the thread, tells the other parties (a notification in their own
 * language, under their preferences) and refreshes every party's open thread live. Writing
 * before the match or a week after it ended: 409 THREAD_NOT_OPEN. A replay with the same
 * Idempotency-Key is answered from the store and adds nothing.
 */
export async function postThreadMessage(
  database: Database,
  user: UserRow,
  requestId: string,
  body: ThreadMessageBody,
  now: Date = new Date(),
): Promise<ThreadMessage> {
  return database.db.transaction(async (tx) => {
    const request = await findRequest(tx, requestId);
    if (!request) throw new AppError('NOT_FOUND');
    const party = authorizeThread(user, 'write', request);
    if (!threadWindow(request, now).canWrite) throw new AppError('THREAD_NOT_OPEN');
    // A quick message of another party ("Food is ready at the back door" from the volunteer).
    if (body.code && !QUICK_MESSAGES_BY_PARTY[party].includes(body.code)) {
      throw invalidField('code', 'THREAD_MESSAGE_INVALID');
    }
    const row = await insertThreadMessage(tx, {
      requestId: request.id,
      senderId: user.id,
      senderName: user.organizationName ?? user.name,
      code: body.code ?? null,
      body: body.text ?? null,
    });
    const parties = threadPartiesOf(request);
    const others = parties.filter((id) => id !== user.id);
    await insertNotifications(
      tx,
      others.map((userId) => ({
        userId,
        type: 'pickup_message' as const,
        data: {
          requestId: request.id,
          donationId: request.donationId,
          foodType: request.foodType,
          actorName: row.senderName,
          ...(row.code
            ? { messageCode: row.code }
            : { messageText: shorten(row.body ?? '', THREAD_LIMITS.notified) }),
        },
      })),
      now,
    );
    // Every party's open thread (the sender's other devices too) reads the new message.
    await publishLive(tx, { kind: 'thread', userIds: parties, data: { requestId: request.id } });
    return presentThreadMessage(row, request, user.id);
  });
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
