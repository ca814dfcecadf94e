import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ONE_TIME_CODE, toE164 } from '@annasetu/domain';
import type { OtpLimits } from '../../config/env.js';
import type { Database, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { CounterStore } from '../../lib/counters.js';
import { AppError } from '../../lib/errors.js';
import { message } from '../../messages/index.js';
import type { SmsChannel } from '../sms/sms.plugin.js';
import { codeTemplateMessage } from '../whatsapp/cloud-api.js';
import type { WhatsAppChannel } from '../whatsapp/whatsapp.plugin.js';
import { smsBudgetLeft, spendSmsBudget } from '../sms/sms-budget.js';
import { enqueueMessage } from '../outbox/outbox.queries.js';
import { splitSms } from '../sms/sms-segments.js';
import { findUserById, updateUserProfile } from '../users/users.queries.js';
import {
  consumeCode,
  countWrongTry,
  findLiveCode,
  findUserByVerifiedPhone,
  markPhoneVerified,
  replaceCode,
  type CodePurpose,
} from './phone-codes.queries.js';

const HOUR_MS = 60 * 60_000;

/** The authentication template one-time codes go by on WhatsApp (`npm run whatsapp:templates`). */
export const WHATSAPP_CODE_TEMPLATE = 'annasetu_code';

/** What the one-time code services need. */
export interface OtpDeps {
  database: Database;
  counters: CounterStore;
  sms: SmsChannel | null;
  /** Codes go by WhatsApp where the server has no SMSC (decision 0070). */
  whatsapp: WhatsAppChannel | null;
  limits: OtpLimits;
  logger: FastifyBaseLogger;
}

const hashCode = (salt: string, code: string) =>
  createHmac('sha256', salt).update(code).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

async function within(counters: CounterStore, key: string, max: number, windowMs: number) {
  const { count } = await counters.hit(key, windowMs);
  if (count > max) throw new AppError('OTP_RATE_LIMITED');
}

/**
 * The checks every code request passes before anything depends on the number's account: per
 * number, per client address, in total, and the day's SMS budget. They answer alike for every
 * number, so they reveal nothing about accounts.
 */
async function admitRequest(
  deps: OtpDeps,
  phone: string,
  address: string,
  triesKey: string,
): Promise<void> {
  if (!deps.sms && !deps.whatsapp) throw new AppError('SMS_UNAVAILABLE');
  const { counters, limits } = deps;
  await within(counters, `otp-number:${phone}`, limits.perNumberPerHour, HOUR_MS);
  await within(counters, `otp-address:${address}`, limits.perAddressPerHour, HOUR_MS);
  await within(counters, 'otp-all', limits.perMinute, 60_000);
  if (deps.sms && (await smsBudgetLeft(counters, limits.dailyBudget)) === 0) {
    deps.logger.warn('daily SMS budget spent; code requests refused');
    throw new AppError('SMS_UNAVAILABLE');
  }
  // A new code brings new tries.
  await counters.reset(triesKey);
}

/**
 * Stores a fresh code and queues its SMS in the person's language, in one transaction; the
 * day's budget is counted when the message is queued, so at most the budget is ever spent.
 */
async function issueCode(
  deps: OtpDeps,
  user: UserRow,
  phone: string,
  purpose: CodePurpose,
): Promise<void> {
  const bySms = deps.sms !== null;
  if (bySms && !(await spendSmsBudget(deps.counters, deps.limits.dailyBudget))) {
    deps.logger.warn('daily SMS budget spent; code not sent');
    return;
  }
  const code = String(randomInt(0, 10 ** ONE_TIME_CODE.digits)).padStart(ONE_TIME_CODE.digits, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(Date.now() + ONE_TIME_CODE.validSeconds * 1000);
  const body = message(user.language, 'sms.code', {
    code,
    minutes: ONE_TIME_CODE.validSeconds / 60,
  });
  await deps.database.db.transaction(async (tx) => {
    await replaceCode(tx, {
      phone,
      purpose,
      userId: user.id,
      salt,
      codeHash: hashCode(salt, code),
      expiresAt,
    });
    await enqueueMessage(tx, {
      recipient: phone,
      kind: 'otp',
      language: user.language,
      body,
      expiresAt,
      ...(bySms
        ? { segments: splitSms(body).parts.length }
        : {
            channel: 'whatsapp' as const,
            segments: 1,
            payload: codeTemplateMessage(WHATSAPP_CODE_TEMPLATE, user.language, code),
          }),
    });
  });
  void (bySms ? deps.sms : deps.whatsapp)?.outbox.wake();
}

/**
 * "Send me a code" on the sign-in page. The limits are checked in the request; whether the
 * number has an account is looked at afterwards, out of the request, so neither the answer nor
 * its timing tells. A number without a verified account gets no SMS (nothing to sign in to).
 */
export async function requestSignInCode(
  deps: OtpDeps,
  phone: string,
  address: string,
): Promise<void> {
  await admitRequest(deps, phone, address, `otp-tries:${phone}`);
  void (async () => {
    const user = await findUserByVerifiedPhone(deps.database.db, phone);
    if (!user || user.suspendedAt) return;
    await issueCode(deps, user, phone, 'sign_in');
  })().catch((err: unknown) => deps.logger.error({ err }, 'sign-in code not issued'));
}

/**
 * Checks a code and, for exactly one caller, uses it up and runs `afterUse` in the same
 * transaction (the session starts there). Wrong, expired, used or never sent: one answer.
 * After the allowed wrong tries even the right code is refused until a new one is asked for.
 */
async function useCode(
  deps: OtpDeps,
  triesKey: string,
  find: () => Promise<{ id: string; salt: string; codeHash: string; userId: string } | undefined>,
  code: string,
  afterUse: (tx: Tx, userId: string) => Promise<UserRow>,
): Promise<UserRow> {
  const { count } = await deps.counters.hit(triesKey, ONE_TIME_CODE.validSeconds * 1000);
  if (count > ONE_TIME_CODE.maxTries) throw new AppError('OTP_LOCKED');
  const live = await find();
  if (!live) throw new AppError('OTP_INVALID');
  if (!sameHash(hashCode(live.salt, code), live.codeHash)) {
    await countWrongTry(deps.database.db, live.id);
    throw new AppError('OTP_INVALID');
  }
  const user = await deps.database.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, live.id))) throw new AppError('OTP_INVALID');
    return afterUse(tx, live.userId);
  });
  await deps.counters.reset(triesKey);
  return user;
}

/** Sign-in with a code: the account of the verified number, checked as a password sign-in is. */
export async function verifySignInCode(
  deps: OtpDeps,
  input: { phone: string; code: string },
  startSession: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  if (!deps.sms && !deps.whatsapp) throw new AppError('SMS_UNAVAILABLE');
  return useCode(
    deps,
    `otp-tries:${input.phone}`,
    () => findLiveCode(deps.database.db, input.phone, 'sign_in'),
    input.code,
    async (tx, userId) => {
      const user = await findUserById(tx, userId);
      // The number changed or lost its verification since the code was sent.
      if (!user || user.phone !== input.phone || !user.phoneVerifiedAt || user.deletedAt) {
        throw new AppError('OTP_INVALID');
      }
      if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
      await startSession(tx, user);
      return user;
    },
  );
}

/** "Verify this number" on the profile: a code to the number the profile holds now. */
export async function requestPhoneVerification(
  deps: OtpDeps,
  user: UserRow,
  address: string,
): Promise<void> {
  // Numbers saved before they were checked are brought to E.164 first.
  const phone = toE164(user.phone);
  if (!phone) throw new AppError('PHONE_INVALID');
  // A number another account proved is refused before any code goes to its owner's phone (and
  // before the owner's own code limit is spent); the address's limit still counts the try.
  const holder = await findUserByVerifiedPhone(deps.database.db, phone);
  if (holder && holder.id !== user.id) {
    await within(deps.counters, `otp-address:${address}`, deps.limits.perAddressPerHour, HOUR_MS);
    throw new AppError('PHONE_TAKEN');
  }
  await admitRequest(deps, phone, address, `otp-tries:verify:${user.id}`);
  if (user.phoneVerifiedAt && phone === user.phone) return; // already proved: nothing to spend
  const current =
    phone === user.phone
      ? user
      : ((await updateUserProfile(deps.database.db, user.id, { phone })) ?? user);
  await issueCode(deps, current, phone, 'verify');
}

/** Proves the profile's number with its code; a number verified on another account is refused. */
export async function confirmPhoneVerification(
  deps: OtpDeps,
  user: UserRow,
  code: string,
): Promise<UserRow> {
  if (!deps.sms && !deps.whatsapp) throw new AppError('SMS_UNAVAILABLE');
  return useCode(
    deps,
    `otp-tries:verify:${user.id}`,
    () => findLiveCode(deps.database.db, user.phone, 'verify', user.id),
    code,
    async (tx) => {
      // Two accounts proving one number at once: the unique index refuses the second.
      const updated = await markPhoneVerified(tx, user.id, user.phone).catch((error: unknown) => {
        const e = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
        if (e.code === '23505') return 'taken' as const;
        throw error;
      });
      if (updated === 'taken') throw new AppError('PHONE_TAKEN');
      if (!updated) throw new AppError('OTP_INVALID');
      return updated;
    },
  );
}
