import { randomBytes } from 'node:crypto';
import type { UiLanguage } from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { CounterStore } from '../../lib/counters.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../plugins/mailer.js';
import { hashToken } from '../../plugins/session.js';
import { appendEvent } from '../events/events.queries.js';
import { passwordResetMail } from '../mail/password-reset.mail.js';
import { findUserByEmail, setUserPassword } from '../users/users.queries.js';
import { hashPassword } from './passwords.js';
import {
  consumePasswordReset,
  insertPasswordReset,
  invalidatePasswordResets,
} from './password-resets.queries.js';
import { deleteUserSessions } from './sessions.queries.js';

const RESET_LIFETIME_MS = 60 * 60_000;
const MAILS_PER_ACCOUNT_PER_HOUR = 3;

/**
 * Starts a reset: when the account exists, a single-use link valid for one hour is mailed in
 * the user's language. The caller answers the same way in every case and does not wait for
 * this (the time taken would reveal whether the account exists).
 */
export async function requestPasswordReset(
  deps: { database: Database; counters: CounterStore; mailer: Mailer },
  input: { email: string; language?: UiLanguage | undefined },
  linkBase: string,
): Promise<void> {
  const user = await findUserByEmail(deps.database.db, input.email);
  if (!user || user.suspendedAt) return;
  const { count } = await deps.counters.hit(`reset-mail:${user.id}`, RESET_LIFETIME_MS);
  if (count > MAILS_PER_ACCOUNT_PER_HOUR) return; // no mail bombing through the reset form
  const token = randomBytes(32).toString('base64url');
  await deps.database.db.transaction(async (tx) => {
    await invalidatePasswordResets(tx, user.id);
    await insertPasswordReset(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
    });
    await appendEvent(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.password_reset_requested',
      actorId: null,
    });
  });
  const link = `${linkBase}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    passwordResetMail({ email: user.email, name: user.name, language: user.language }, link),
  );
}

/** Sets the new password, spends the token and ends every session of the account. */
export async function resetPassword(
  database: Database,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await database.db.transaction(async (tx) => {
    const userId = await consumePasswordReset(tx, hashToken(input.token));
    if (!userId) throw new AppError('RESET_TOKEN_INVALID');
    await setUserPassword(tx, userId, passwordHash);
    await invalidatePasswordResets(tx, userId);
    await deleteUserSessions(tx, userId);
    await appendEvent(tx, {
      entityType: 'user',
      entityId: userId,
      action: 'user.password_reset',
      actorId: userId,
    });
  });
}
