// The rows the demo history writes, gathered as its journeys unfold and inserted at the end, with
// the event-log entries, the notifications a demo account would still have, and the tokens earned.
import { sql } from 'drizzle-orm';
import type { EventAction, NotificationType } from '@annasetu/domain';
import type { DbOrTx } from './client.js';
import type { HistoryAccount } from './demo-history-data.js';
import {
  collections,
  donations,
  events,
  notifications,
  requests,
  type NewDonationRow,
} from './schema/index.js';

/** Inserts many rows in slices, so one statement stays small on the embedded database. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 250) await insert(rows.slice(i, i + 250));
}

/** The history's rows so far, and how to add to them. */
export type HistoryRows = ReturnType<typeof historyRows>;

/** An empty history for the demo accounts `demoIds`, as of `now`. */
export function historyRows(demoIds: ReadonlySet<string>, now: number) {
  const donationRows: NewDonationRow[] = [];
  const requestRows: Array<typeof requests.$inferInsert> = [];
  const collectionRows: Array<typeof collections.$inferInsert> = [];
  const eventRows: Array<typeof events.$inferInsert> = [];
  const notificationRows: Array<typeof notifications.$inferInsert> = [];
  const tokens = new Map<string, number>();
  const addTokens = (id: string, n: number) => tokens.set(id, (tokens.get(id) ?? 0) + n);
  const notify = (
    to: HistoryAccount,
    type: NotificationType,
    at: Date,
    data: Record<string, string>,
  ) => {
    // Only the demo accounts' recent days: that is what a person signing in would still have.
    if (!demoIds.has(to.id) || now - at.getTime() > 4 * 86_400_000) return;
    notificationRows.push({
      userId: to.id,
      type,
      data,
      createdAt: at,
      isRead: now - at.getTime() > 86_400_000,
      readAt: now - at.getTime() > 86_400_000 ? new Date(at.getTime() + 2 * 3_600_000) : null,
      // History is not news: no push, email or SMS goes out for it.
      pushedAt: new Date(now),
      emailedAt: new Date(now),
      textedAt: new Date(now),
    });
  };
  const log = (
    entityType: 'donation' | 'request',
    entityId: string,
    action: EventAction,
    actor: string | null,
    from: string | null,
    to: string | null,
    at: Date,
  ) =>
    eventRows.push({
      entityType,
      entityId,
      action,
      actorId: actor,
      fromStatus: from,
      toStatus: to,
      createdAt: at,
    });

  /** Writes every row gathered, then the tokens earned. */
  async function insert(tx: DbOrTx) {
    await insertAll(donationRows, (rows) => tx.insert(donations).values(rows));
    await insertAll(requestRows, (rows) => tx.insert(requests).values(rows));
    await insertAll(collectionRows, (rows) => tx.insert(collections).values(rows));
    await insertAll(eventRows, (rows) => tx.insert(events).values(rows));
    await insertAll(notificationRows, (rows) => tx.insert(notifications).values(rows));
    for (const [id, n] of tokens) {
      await tx.execute(sql`update users set tokens = tokens + ${n} where id = ${id}`);
    }
  }

  return { donationRows, requestRows, collectionRows, addTokens, notify, log, insert };
}
