// A person answers an alert by replying to the text message it came in (decision 0068).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ReplyCodeRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { message, timeOfDay } from '../../messages/index.js';
import { findUserByVerifiedPhone } from '../auth/phone-codes.queries.js';
import { grabDonation } from '../carrying/carry.service.js';
import { deleteDonation, extendDonationExpiry } from '../donations/donations.service.js';
import { findDonation } from '../donations/donations.queries.js';
import { deliverDonationMyself } from '../donations/self-delivery.service.js';
import { mayAttempt } from '../requests/requests.policy.js';
import { findUserById } from '../users/users.queries.js';
import {
  CHOICES,
  findCode,
  openCodes,
  REPLY_CODE_LENGTH,
  takeAnswer,
  type ReplyAction,
} from './reply-codes.queries.js';

/** The answer to send back, in the person's language, to the number the reply came from. */
export interface ReplyAnswer {
  userId: string;
  language: string;
  body: string;
}

/** The zero of each Indic script's digits: a phone keyboard in Hindi types "१", not "1". */
const DIGIT_ZEROS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66];

/** Indic digits as ASCII digits, letters as capitals, everything but letters and digits gone. */
export function normaliseReply(text: string): string {
  const digits = [...text.normalize('NFKC')]
    .map((char) => {
      const point = char.codePointAt(0)!;
      const zero = DIGIT_ZEROS.find((z) => point >= z && point <= z + 9);
      return zero === undefined ? char : String(point - zero);
    })
    .join('');
  return digits
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** "1", "1 K7P", "1K7P", "K7P 1": a choice and perhaps the alert's code. */
export function readReply(text: string): { choice: string; code: string | null } | null {
  const words = normaliseReply(text).split(' ').filter(Boolean);
  const code = new RegExp(`^[A-Z0-9]{${REPLY_CODE_LENGTH}}$`);
  if (words.length === 1) {
    const [word] = words as [string];
    if (/^[0-9]$/.test(word)) return { choice: word, code: null };
    const joined = new RegExp(`^([0-9])([A-Z0-9]{${REPLY_CODE_LENGTH}})$`).exec(word);
    if (joined) return { choice: joined[1]!, code: joined[2]! };
    return null;
  }
  if (words.length === 2) {
    const [a, b] = words as [string, string];
    if (/^[0-9]$/.test(a) && code.test(b)) return { choice: a, code: b };
    if (/^[0-9]$/.test(b) && code.test(a)) return { choice: b, code: a };
  }
  return null;
}

/** Refusals of a grab with their own answer; any other gets "open the app to see why". */
const REFUSALS = new Set([
  'DONATION_UNAVAILABLE',
  'PICKUP_CAP_REACHED',
  'HYGIENE_TRAINING_REQUIRED',
  'FORBIDDEN',
]);

/**
 * Acts on a text message from `phone` and says what to answer, or null for a number that is no
 * verified account's (nothing is sent to it: a stranger's message costs us nothing, an answer
 * would). The reply is matched to the person by the number and to the alert by its code, or to
 * their one open alert when no code is given; what it chooses runs the app's own action (a grab,
 * a donor's own delivery, more time, a withdrawal), under its rules, as that person.
 */
export async function answerReply(
  deps: { database: Database; logger: FastifyBaseLogger },
  phone: string,
  text: string,
): Promise<ReplyAnswer | null> {
  const db = deps.database.db;
  const user = await findUserByVerifiedPhone(db, phone);
  if (!user) {
    deps.logger.info('a text message from a number with no verified account was not answered');
    return null;
  }
  const say = (key: string, values: Record<string, string | number> = {}) => ({
    userId: user.id,
    language: user.language,
    body: message(user.language, `sms.reply.${key}`, values),
  });
  const reply = readReply(text);
  if (!reply) return say('help');
  let alert;
  if (reply.code) {
    alert = await findCode(db, user.id, reply.code);
    if (!alert) return say('unknownCode', { code: reply.code });
  } else {
    const open = await openCodes(db, user.id);
    if (open.length === 0) return say('nothingOpen');
    if (open.length > 1) return say('which', { code: open[0]!.code, count: open.length });
    alert = open[0]!;
  }
  const action = alert.action as ReplyAction;
  const choices = CHOICES[action].filter(
    // "Take it yourself" is offered only when the alert named a food bank.
    (choice) => !(action === 'unclaimed' && choice === '1' && !alert.destinationUserId),
  );
  if (!choices.includes(reply.choice)) {
    return action === 'unclaimed' ? say('unclaimed.choose', { code: alert.code }) : say('help');
  }
  if (alert.answeredAt) return say('answered');
  if (alert.expiresAt.getTime() <= Date.now()) return say('expired');
  if (!(await takeAnswer(db, alert.id))) return say('answered');
  if (action === 'unclaimed') return donorChoice(deps, user, alert, reply.choice, say);
  return grabByReply(deps, user, alert.donationId, say);
}

type Say = (key: string, values?: Record<string, string | number>) => ReplyAnswer;

/** How many hours "2: keep it on offer" adds. */
export const EXTEND_BY_REPLY_HOURS = 2;

/**
 * The donor's answer to "nobody has taken your food yet": 1 carry it to the food bank the alert
 * named, 2 keep it on offer two hours more, 3 withdraw it; each the app's own action, as the
 * donor. Food a volunteer took meanwhile is left as it is.
 */
async function donorChoice(
  deps: { database: Database },
  donor: UserRow,
  alert: ReplyCodeRow,
  choice: string,
  say: Say,
): Promise<ReplyAnswer> {
  const db = deps.database.db;
  const donation = await findDonation(db, alert.donationId);
  if (!donation || donation.deletedAt) return say('refused.other');
  if (donation.volunteerId) return say('unclaimed.taken', { actor: donation.volunteerName ?? '' });
  try {
    if (choice === '1') {
      const result = await deliverDonationMyself(deps.database, donor, donation.id, {
        destinationType: 'foodbank',
        destinationUserId: alert.destinationUserId!,
      });
      const request = result.request;
      return say('unclaimed.deliver', {
        destination: request.destinationName ?? '',
        address: request.destinationAddress ?? '',
        phone: request.destinationPhone ?? '',
      });
    }
    if (choice === '2') {
      const updated = await extendDonationExpiry(
        deps.database,
        donor,
        donation.id,
        EXTEND_BY_REPLY_HOURS,
      );
      return say('unclaimed.extended', {
        until: timeOfDay(donor.language, donor.timeZone, updated.expiryTime),
      });
    }
    await deleteDonation(deps.database, donor, donation.id);
    return say('unclaimed.withdrawn', { food: donation.foodType });
  } catch (error) {
    if (error instanceof AppError) return say('refused.other');
    throw error;
  }
}

async function grabByReply(
  deps: { database: Database },
  user: UserRow,
  donationId: string,
  say: Say,
): Promise<ReplyAnswer> {
  try {
    if (user.suspendedAt || !mayAttempt(user, 'grab')) throw new AppError('FORBIDDEN');
    await grabDonation(deps.database, user, donationId);
  } catch (error) {
    if (error instanceof AppError && REFUSALS.has(error.code)) {
      return say(`refused.${error.code}`);
    }
    if (error instanceof AppError) return say('refused.other');
    throw error;
  }
  const donation = (await findDonation(deps.database.db, donationId))!;
  const donor = await findUserById(deps.database.db, donation.donorId);
  return say('taken', {
    food: donation.foodType,
    quantity: donation.quantity,
    unit: message(user.language, `register.units.${donation.unit}`),
    donor: donation.donorName,
    address: donation.pickupAddress,
    phone: donor?.phone ?? '',
    by: donation.collectBy ? timeOfDay(user.language, user.timeZone, donation.collectBy) : '',
  });
}
