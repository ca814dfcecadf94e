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
import { acceptIncomingDelivery } from '../carrying/delivery.service.js';
import { mayAttempt } from '../requests/requests.policy.js';
import type { ReplyButton } from '../whatsapp/cloud-api.js';
import type { OptInChannel } from '@annasetu/domain';
import { findUserById } from '../users/users.queries.js';
import {
  CHOICES,
  findCode,
  openCodes,
  reopenAnswer,
  REPLY_CODE_LENGTH,
  stopPhoneAlerts,
  takeAnswer,
  type ReplyAction,
} from './reply-codes.queries.js';

/** The answer to send back, in the person's language, to the number the reply came from. */
export interface ReplyAnswer {
  userId: string;
  language: string;
  body: string;
  /** The reply was acted on (a grab, a donor's choice, STOP), not only answered with help. */
  acted: boolean;
  /** Answers to choose from with a tap (WhatsApp): each sends back the words of its choice. */
  buttons?: ReplyButton[];
}

/** Answers that name their channel ("reply STOP to get no more …"): WhatsApp has its own. */
const WHATSAPP_WORDING = new Set(['help', 'nothingOpen', 'stopped']);

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

/**
 * "1", "1 KTP", "1KTP", "KTP 1", "1 ktp ok coming": a choice (the first lone digit) and perhaps
 * the alert's code (the first word of the code's length); "STOP" ends SMS alerts.
 */
export function readReply(
  text: string,
): { stop: true } | { stop?: false; choice: string; code: string | null } | null {
  const words = normaliseReply(text).split(' ').filter(Boolean);
  if (words[0] === 'STOP') return { stop: true };
  const joined = new RegExp(`^([0-9])([A-Z0-9]{${REPLY_CODE_LENGTH}})$`);
  const codeWord = new RegExp(`^[A-Z0-9]{${REPLY_CODE_LENGTH}}$`);
  for (const word of words) {
    const both = joined.exec(word);
    if (both) return { choice: both[1]!, code: both[2]! };
  }
  const choice = words.find((word) => /^[0-9]$/.test(word));
  if (!choice) return null;
  const code = words.find((word) => codeWord.test(word) && /[A-Z]/.test(word)) ?? null;
  return { choice, code };
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
  channel: OptInChannel = 'sms',
): Promise<ReplyAnswer | null> {
  const db = deps.database.db;
  const user = await findUserByVerifiedPhone(db, phone);
  if (!user) {
    deps.logger.info('a text message from a number with no verified account was not answered');
    return null;
  }
  const say = (key: string, values: Record<string, string | number> = {}, acted = false) => ({
    userId: user.id,
    language: user.language,
    body: message(
      user.language,
      channel === 'whatsapp' && WHATSAPP_WORDING.has(key)
        ? `whatsapp.reply.${key}`
        : `sms.reply.${key}`,
      values,
    ),
    acted,
  });
  const reply = readReply(text);
  if (reply?.stop) {
    await stopPhoneAlerts(db, user.id, channel);
    return say('stopped', {}, true);
  }
  const open = await openCodes(db, user.id);
  // The person's own open alerts, as a list an answer can name ("BFU (Pulao), NMY (Khichdi)").
  const list = open.map((row) => `${row.code} (${row.foodType})`).join(', ');
  // An example that cannot do harm if copied: the newest alert's code with its first choice,
  // or "more time" for a donor's warning.
  const example = open[0] ? `${open[0].action === 'unclaimed' ? '2' : '1'} ${open[0].code}` : '';
  if (!reply) return open.length > 0 ? say('help', { example }) : say('nothingOpen');
  let alert;
  if (reply.code) {
    alert = await findCode(db, user.id, reply.code);
    if (!alert) {
      return open.length > 0 ? say('unknownCode', { code: reply.code, list }) : say('nothingOpen');
    }
  } else {
    if (open.length === 0) return say('nothingOpen');
    // Their choice said back with the codes to pick from: copying it does what they meant.
    if (open.length > 1) {
      return {
        ...say('which', { count: open.length, choice: reply.choice, list }),
        buttons: open.map((row) => ({
          id: `${reply.choice} ${row.code}`,
          title: `${row.code} ${row.foodType}`,
        })),
      };
    }
    alert = open[0]!;
  }
  const action = alert.action as ReplyAction;
  const choices = CHOICES[action].filter(
    // "Take it yourself" is offered only when the alert named a food bank.
    (choice) => !(action === 'unclaimed' && choice === '1' && !alert.destinationUserId),
  );
  if (!choices.includes(reply.choice)) {
    return action === 'unclaimed'
      ? say('unclaimed.choose', { code: alert.code })
      : say('help', { example: `1 ${alert.code}` });
  }
  if (alert.answeredAt) return say('answered');
  if (alert.expiresAt.getTime() <= Date.now()) return say('expired');
  if (!(await takeAnswer(db, alert.id))) return say('answered');
  const acted: Say = (key, values) => say(key, values, true);
  if (action === 'unclaimed') return donorChoice(deps, user, alert, reply.choice, acted);
  if (action === 'accept') return acceptByReply(deps, user, alert, acted);
  const answer = await grabByReply(deps, user, alert.donationId, acted);
  // Refused for something the volunteer can put right (the course, tomorrow's cap): the alert
  // stays open to a later reply.
  if (answer.retry) await reopenAnswer(db, alert.id);
  return answer;
}

type Say = (key: string, values?: Record<string, string | number>) => ReplyAnswer;

/** Refusals a volunteer can put right; the alert may be answered again. */
const RETRIABLE = new Set(['PICKUP_CAP_REACHED', 'HYGIENE_TRAINING_REQUIRED']);

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

/** A receiver's "we expect it": the app's own accept of the incoming delivery, as the receiver. */
async function acceptByReply(
  deps: { database: Database },
  receiver: UserRow,
  alert: ReplyCodeRow,
  say: Say,
): Promise<ReplyAnswer> {
  const db = deps.database.db;
  const donation = await findDonation(db, alert.donationId);
  if (!donation || !alert.requestId) return say('refused.other');
  try {
    const request = await acceptIncomingDelivery(deps.database, receiver, alert.requestId);
    const carrier = request.volunteerId ? await findUserById(db, request.volunteerId) : undefined;
    return say('accepted', {
      carrier: carrier?.name ?? donation.donorName,
      donor: donation.donorName,
      food: donation.foodType,
    });
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
): Promise<ReplyAnswer & { retry?: boolean }> {
  try {
    if (user.suspendedAt || !mayAttempt(user, 'grab')) throw new AppError('FORBIDDEN');
    await grabDonation(deps.database, user, donationId);
  } catch (error) {
    if (error instanceof AppError && REFUSALS.has(error.code)) {
      return { ...say(`refused.${error.code}`), retry: RETRIABLE.has(error.code) };
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
