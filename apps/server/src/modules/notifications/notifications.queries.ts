import type { NotificationType } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

/** A notification to store. Title and message are the English text; screens render their own. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, string>;
}

/** Stores notifications in the caller's transaction, so they exist exactly when the change does. */
export async function insertNotifications(db: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((n) => ({
      userId: n.userId,
      type: n.type,
      title: n.title,
      message: n.message,
      data: n.data ?? {},
    })),
  );
}
