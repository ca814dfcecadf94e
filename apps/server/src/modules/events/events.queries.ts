import type { EventAction } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/** One entry of the append-only event log. */
export interface EventInput {
  entityType: 'user' | 'donation' | 'request' | 'collection' | 'session' | 'series';
  entityId: string;
  action: EventAction;
  actorId: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  data?: Record<string, unknown>;
}

/** Appends to the event log; call it inside the transaction that makes the change. */
export async function appendEvent(db: DbOrTx, event: EventInput): Promise<void> {
  await db.insert(events).values({
    entityType: event.entityType,
    entityId: event.entityId,
    action: event.action,
    actorId: event.actorId,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    data: event.data ?? {},
  });
}

/**
 * Logs that an admin read other people's private details (email, phone, address, point): one
 * entry per person shown, so the log answers "who looked at this account, and when".
 */
export async function logPrivateReads(
  db: DbOrTx,
  adminId: string,
  entityType: EventInput['entityType'],
  entityIds: readonly string[],
): Promise<void> {
  if (entityIds.length === 0) return;
  await db.insert(events).values(
    entityIds.map((entityId) => ({
      entityType,
      entityId,
      action: 'admin.private_details_read',
      actorId: adminId,
      fromStatus: null,
      toStatus: null,
      data: {},
    })),
  );
}
