import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  threadMessages,
  type NewThreadMessageRow,
  type ThreadMessageRow,
} from '../../db/schema/index.js';

/** The newest `limit` messages of a request's thread, oldest first. */
export async function listThreadMessages(
  db: DbOrTx,
  requestId: string,
  limit: number,
): Promise<ThreadMessageRow[]> {
  const newest = await db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.requestId, requestId))
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(limit);
  return newest.reverse();
}

/** Adds one message to a thread. */
export async function insertThreadMessage(
  db: DbOrTx,
  values: NewThreadMessageRow,
): Promise<ThreadMessageRow> {
  const [row] = await db.insert(threadMessages).values(values).returning();
  return row!;
}
