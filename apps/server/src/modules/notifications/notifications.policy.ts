// Who may do what to which notification. Pure: a notification belongs to one user, and every
// action of the notification centre reaches that user's own rows only.
import type { NotificationRow, UserRow } from '../../db/schema/index.js';

/** Who is acting: the id and role are all the rules need. */
export type Actor = Pick<UserRow, 'id' | 'role'>;

/** Every action of the notification centre. */
export type NotificationAction = 'list' | 'markRead' | 'delete' | 'preferences';

/**
 * May `user` do `action` to `notification`? Every signed-in user has a notification centre,
 * whatever their role (the routes require a session), and acts on their own notifications only.
 */
export function can(
  user: Actor,
  _action: NotificationAction,
  notification: Pick<NotificationRow, 'userId'>,
): boolean {
  return notification.userId === user.id;
}

/**
 * The owner the notification queries filter by for `user`: the SQL form of `can`, so marking or
 * deleting another user's notification is one statement that finds nothing (404) rather than a
 * read followed by a check.
 */
export function ownerScope(user: Actor): string {
  return user.id;
}
