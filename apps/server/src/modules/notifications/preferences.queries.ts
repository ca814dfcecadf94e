import { eq, sql } from 'drizzle-orm';
import type { NotificationPreferences } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

function present(row: {
  notificationsOff: NotificationPreferences['off'];
  notificationsOn: NotificationPreferences['on'];
  quietFrom: string | null;
  quietTo: string | null;
  timeZone: string;
}): NotificationPreferences {
  return {
    off: row.notificationsOff,
    on: row.notificationsOn,
    quietHours: row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
    timeZone: row.timeZone,
  };
}

const columns = {
  notificationsOff: users.notificationsOff,
  notificationsOn: users.notificationsOn,
  quietFrom: users.quietFrom,
  quietTo: users.quietTo,
  timeZone: users.timeZone,
};

/** The user's notification preferences. */
export async function readPreferences(db: DbOrTx, userId: string) {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return present(row!);
}

/** Per type, the channels listed once; types with none are dropped. */
function compact<C extends string>(byType: Partial<Record<string, readonly C[]>>) {
  return Object.fromEntries(
    Object.entries(byType)
      .filter(([, channels]) => channels && channels.length > 0)
      .map(([type, channels]) => [type, [...new Set(channels)]]),
  );
}

/** Replaces the user's notification preferences (empty channel lists are dropped). */
export async function savePreferences(db: DbOrTx, userId: string, input: NotificationPreferences) {
  const off = compact(input.off);
  const [row] = await db
    .update(users)
    .set({
      notificationsOff: off,
      notificationsOn: compact(input.on),
      quietFrom: input.quietHours?.from.slice(0, 5) ?? null,
      quietTo: input.quietHours?.to.slice(0, 5) ?? null,
      timeZone: input.timeZone,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(columns);
  return present(row!);
}
