import { DEFAULT_COORDINATES, hasAnyRole, type RegisterData, type Role } from '@annasetu/domain';
import type { Database, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { CounterStore } from '../../lib/counters.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { appendEvent } from '../events/events.queries.js';
import { findUserByEmail, insertUser } from '../users/users.queries.js';
import { hashPassword, verifyPassword } from './passwords.js';

const FAILURE_WINDOW_MS = 15 * 60_000;
const failureKey = (email: string) => `login-fail:${email}`;

/** Creates an account (never admin: the schema only accepts registrable roles). */
export async function registerUser(
  database: Database,
  input: RegisterData,
  afterInsert: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  // Hash before the transaction: it takes ~10 ms on a worker thread and must not hold a lock.
  const passwordHash = await hashPassword(input.password);
  const coordinates = input.coordinates ?? DEFAULT_COORDINATES;
  return database.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      role: input.role,
      name: input.name,
      phone: input.phone,
      address: input.address,
      lat: coordinates.lat,
      lng: coordinates.lng,
      organizationName: input.organizationName ?? null,
      cuisine: input.cuisine ?? null,
      capacity: input.capacity,
      description: input.description ?? null,
      language: input.language ?? 'en',
      fssaiNumber: input.fssaiNumber || null,
    });
    if (!user) throw invalidField('email', 'EMAIL_TAKEN');
    await appendEvent(tx, {
      entityType: 'user',
      entityId: user.id,
      action: 'user.registered',
      actorId: user.id,
      data: { role: user.role },
    });
    await afterInsert(tx, user);
    return user;
  });
}

/**
 * Checks credentials. Attempts are counted per account, so guessing one account's password
 * from many addresses is stopped too; the answer never says whether the email exists.
 *
 * The attempt is counted (one atomic increment, shared by every instance on PostgreSQL) before
 * the password is looked at, and only an attempt whose number is within the limit is evaluated:
 * however many guesses arrive at once, at most `maxAttempts` per window are ever checked. A
 * successful sign-in takes its own attempt back; earlier failures keep counting until the
 * window ends (decision 0020).
 */
export async function authenticate(
  database: Database,
  counters: CounterStore,
  input: { email: string; password: string; allowedRoles?: Role[] | undefined },
  maxAttempts: number,
): Promise<UserRow> {
  const key = failureKey(input.email);
  const { count } = await counters.hit(key, FAILURE_WINDOW_MS);
  if (count > maxAttempts) throw new AppError('TOO_MANY_LOGIN_ATTEMPTS');
  const user = await findUserByEmail(database.db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  await counters.decrement(key);
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  if (input.allowedRoles && !hasAnyRole(user.role, input.allowedRoles)) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
  return user;
}
