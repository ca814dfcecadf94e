// Both engines: the once-only answer is a conditional UPDATE that PGlite and PostgreSQL must both run.
import { randomInt } from 'node:crypto';
import { and, between, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { boundingBox, haversineKm, type OptInChannel } from '@annasetu/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  donations,
  replyCodes,
  users,
  type ReplyCodeRow,
  type UserRow,
} from '../../db/schema/index.js';

/**
 * What an alert offers: a volunteer's grab, the donor's three ways out for unclaimed food, or a
 * receiver's "we expect it" to an incoming delivery.
 */
export type ReplyAction = 'grab' | 'unclaimed' | 'accept';

/** The choices each kind of alert accepts (the digit replied). */
export const CHOICES: Record<ReplyAction, readonly string[]> = {
  grab: ['1'],
  unclaimed: ['1', '2', '3'],
  accept: ['1'],
};

/**
 * Letters a person reads off a basic phone's screen without mixing them up (no I, L, O), and no
 * digits: a code beside its choice ("2 297") would read as one number.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ';
export const REPLY_CODE_LENGTH = 3;

function randomCode(): string {
  let code = '';
  for (let i = 0; i < REPLY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * A new code for an alert that can be answered, unlike any code of the person's still open
 * (29,791 codes against the handful a person holds at once: a few draws at most).
 */
export async function issueReplyCode(
  db: DbOrTx,
  alert: {
    userId: string;
    action: ReplyAction;
    donationId: string;
    expiresAt: Date;
    destinationUserId?: string | null;
    requestId?: string | null;
  },
): Promise<string> {
  const open = new Set((await openCodes(db, alert.userId)).map((row) => row.code));
  let code = randomCode();
  while (open.has(code)) code = randomCode();
  await db.insert(replyCodes).values({ ...alert, code });
  return code;
}

/** The person's codes not yet answered and not expired, newest first, with their food. */
export async function openCodes(
  db: DbOrTx,
  userId: string,
): Promise<Array<ReplyCodeRow & { foodType: string }>> {
  const rows = await db
    .select({ code: replyCodes, foodType: donations.foodType })
    .from(replyCodes)
    .innerJoin(donations, eq(donations.id, replyCodes.donationId))
    .where(
      and(
        eq(replyCodes.userId, userId),
        isNull(replyCodes.answeredAt),
        gt(replyCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(replyCodes.createdAt));
  return rows.map((row) => ({ ...row.code, foodType: row.foodType }));
}

/** The person's newest code written as `code`, answered or not, expired or not. */
export async function findCode(
  db: DbOrTx,
  userId: string,
  code: string,
): Promise<ReplyCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(replyCodes)
    .where(and(eq(replyCodes.userId, userId), eq(replyCodes.code, code)))
    .orderBy(desc(replyCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Marks a code answered, for exactly one caller: a reply delivered twice by the SMSC, or sent
 * twice by the person, is acted on once. False when it was answered or has expired meanwhile.
 */
export async function takeAnswer(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(replyCodes)
    .set({ answeredAt: sql`now()` })
    .where(
      and(
        eq(replyCodes.id, id),
        isNull(replyCodes.answeredAt),
        gt(replyCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: replyCodes.id });
  return rows.length > 0;
}

/** A refused answer the person can put right: the code may be answered again. */
export async function reopenAnswer(db: DbOrTx, id: string): Promise<void> {
  await db.update(replyCodes).set({ answeredAt: null }).where(eq(replyCodes.id, id));
}

/**
 * "STOP" on one channel: nothing more by that channel (SMS or WhatsApp) for the person, the
 * other left as they chose it. Their open alerts close when no channel to answer them is left.
 */
export async function stopPhoneAlerts(
  db: DbOrTx,
  userId: string,
  channel: OptInChannel,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ on: users.notificationsOn })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const left = Object.fromEntries(
      Object.entries(user?.on ?? {})
        .map(([type, channels]) => [type, (channels ?? []).filter((c) => c !== channel)] as const)
        .filter(([, channels]) => channels.length > 0),
    );
    await tx
      .update(users)
      .set({ notificationsOn: left, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    if (Object.keys(left).length > 0) return;
    await tx
      .update(replyCodes)
      .set({ answeredAt: sql`now()` })
      .where(and(eq(replyCodes.userId, userId), isNull(replyCodes.answeredAt)));
  });
}

/** How far a donor's own trip to a food bank is offered by SMS at most. */
const OWN_TRIP_KM = 25;

/**
 * The food bank nearest a pickup point, within a trip a donor could make themselves, or none:
 * the one a donor's warning by SMS offers as "1: take it there yourself".
 */
export async function nearestFoodBank(
  db: DbOrTx,
  at: { lat: number; lng: number },
): Promise<UserRow | undefined> {
  const box = boundingBox(at, OWN_TRIP_KM);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'foodbank'),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
        between(users.lat, box.minLat, box.maxLat),
        between(users.lng, box.minLng, box.maxLng),
      ),
    );
  return rows
    .map((row) => ({ row, km: haversineKm(at, { lat: row.lat!, lng: row.lng! }) }))
    .filter((each) => each.km <= OWN_TRIP_KM)
    .sort((a, b) => a.km - b.km)[0]?.row;
}
