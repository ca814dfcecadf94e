import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/** One entry of the append-only event log. */
export interface EventInput {
  entityType: 'user' | 'donation' | 'request' | 'collection' | 'session' | 'series';
  entityId: string;
  action: string;
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
