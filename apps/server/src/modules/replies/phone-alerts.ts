import type { FastifyBaseLogger } from 'fastify';
import {
  isFitForPeopleAt,
  isHygieneCurrent,
  localityOf,
  OPT_IN_CHANNELS,
  optInEnabled,
  type OptInChannel,
} from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { DonationRow } from '../../db/schema/index.js';
import type { CounterStore } from '../../lib/counters.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import { message, timeOfDay } from '../../messages/index.js';
import { findDonation } from '../donations/donations.queries.js';
import { findRequest } from '../requests/requests.queries.js';
import { findUserById } from '../users/users.queries.js';
import { knownType, notificationText } from '../notifications/notification-text.js';
import { claimUntexted } from '../notifications/notifications.queries.js';
import { spendSmsBudget } from '../sms/sms-budget.js';
import { splitSms } from '../sms/sms-segments.js';
import { enqueueMessage } from '../outbox/outbox.queries.js';
import { templateMessage } from '../whatsapp/cloud-api.js';
import { issueReplyCode, nearestFoodBank } from './reply-codes.queries.js';
import { EXTEND_BY_REPLY_HOURS } from './replies.service.js';

const BATCH = 50;

type Claimed = Awaited<ReturnType<typeof claimUntexted>>[number];

/**
 * The WhatsApp templates alerts are sent with (approved under these names in each language; their
 * texts are the catalogue's `whatsapp.template.*`, printed for registration by
 * `npm run whatsapp:templates`). A template's quick-reply buttons send back the words a person
 * could type: "1 KTP".
 */
export const WHATSAPP_TEMPLATES = {
  foodAlert: 'annasetu_food_alert',
  unclaimed: 'annasetu_unclaimed',
  unclaimedLater: 'annasetu_unclaimed_later',
  incoming: 'annasetu_incoming',
  notice: 'annasetu_notice',
} as const;

/** How long a receiver can answer "we expect it" to an incoming delivery. */
const ACCEPT_BY_REPLY_HOURS = 12;

/** One alert, composed once for every channel the person chose. */
interface Composed {
  /** The SMS text: says how to answer in words. */
  body: string;
  /** The WhatsApp template message: says it with buttons. */
  whatsapp: Record<string, unknown>;
  expiresAt: Date | null;
}

/** What an alert says of the food: what, how much, where (the locality) and until when. */
function facts(n: Claimed, donation: DonationRow) {
  return {
    food: donation.foodType,
    quantity: donation.quantity,
    unit: message(n.language, `register.units.${donation.unit}`),
    place: localityOf(donation.pickupAddress),
    until: timeOfDay(n.language, n.timeZone, donation.expiryTime),
  };
}

/**
 * Sends each new notification by SMS and by WhatsApp to a recipient who turned either on for its
 * type and has a verified number (decisions 0068, 0069), through the phone-message outbox; SMS
 * within the day's SMS budget. A coverage alert
 * says what, where (the locality; the address comes once the food is theirs) and until when,
 * and carries a reply code: "reply 1 KTP to take it"; a donor's warning that food is still
 * unclaimed offers three answers (take it to the nearest food bank yourself, keep it on offer two
 * hours more, withdraw it); a receiver's incoming delivery can be answered "we expect it". Other
 * kinds go as their title and message.
 * Like push and email it reads notifications after their commit, so a slow SMSC never holds an
 * action, and each notification is handled once.
 */
export class PhoneAlertDispatcher {
  private readonly rounds: SerialRounds;
  /** Alerts queued since start; `skipped` were not (no verified number, budget spent, food gone). */
  queued = 0;
  skipped = 0;

  constructor(
    private readonly database: Database,
    private readonly counters: CounterStore,
    private readonly options: {
      dailyBudget: number;
      /** The channels this server has (an SMSC, the Cloud API). */
      channels: Record<OptInChannel, boolean>;
      logger: FastifyBaseLogger;
      /** Told after a round queued messages (the outboxes send them). */
      onQueued: () => void;
      intervalMs?: number;
    },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: 'phone alert dispatch failed',
      ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Schedules a round; resolves when it ran (tests await it). */
  wake(): Promise<void> {
    return this.rounds.wake();
  }

  private async round(): Promise<void> {
    let queued = 0;
    for (;;) {
      const batch = await claimUntexted(this.database.db, BATCH);
      for (const notification of batch) {
        if (await this.text(notification)) queued += 1;
        else this.skipped += 1;
      }
      if (batch.length < BATCH) break;
    }
    this.queued += queued;
    if (queued > 0) this.options.onQueued();
  }

  /** Queues one notification on each channel its recipient chose; false when none is sent. */
  private async text(n: Claimed): Promise<boolean> {
    if (!n.phoneVerifiedAt || n.deletedAt || n.suspendedAt) return false;
    // Asked again here, not only when stored: a row written any other way (an import, a
    // history) leaves `texted_at` empty, and a message nobody asked for costs money.
    const channels = OPT_IN_CHANNELS.filter(
      (channel) =>
        this.options.channels[channel] &&
        optInEnabled(n.notificationsOn, knownType(n.type), channel),
    );
    if (channels.length === 0) return false;
    return this.database.db.transaction(async (tx) => {
      const made = await this.compose(tx, n);
      if (!made) return false;
      let queued = false;
      for (const channel of channels) {
        if (channel === 'sms' && !(await spendSmsBudget(this.counters, this.options.dailyBudget))) {
          this.options.logger.warn({ type: n.type }, 'daily SMS budget spent; alert not texted');
          continue;
        }
        await enqueueMessage(tx, {
          recipient: n.phone,
          channel,
          kind: 'alert',
          language: n.language,
          body: made.body,
          segments: channel === 'sms' ? splitSms(made.body).parts.length : 1,
          expiresAt: made.expiresAt,
          ...(channel === 'whatsapp' ? { payload: made.whatsapp } : {}),
        });
        queued = true;
      }
      return queued;
    });
  }

  private async compose(tx: DbOrTx, n: Claimed): Promise<Composed | null> {
    const data = (n.data ?? {}) as Record<string, string>;
    const donation = data.donationId ? await findDonation(tx, data.donationId) : undefined;
    // Taken or gone while the alert waited (quiet hours, a busy outbox): nothing to offer.
    const open =
      donation !== undefined &&
      donation.volunteerId === null &&
      donation.deletedAt === null &&
      (donation.status === 'pending' || donation.status === 'accepted') &&
      donation.expiryTime.getTime() > Date.now();
    if (n.type === 'coverage_alert') {
      // A volunteer without a current hygiene pass would be refused the grab: no paid alert.
      if (!open || !isHygieneCurrent(n.hygienePassedAt)) return null;
      const code = await issueReplyCode(tx, {
        userId: n.userId,
        action: 'grab',
        donationId: donation.id,
        expiresAt: donation.expiryTime,
      });
      return {
        body: message(n.language, 'sms.alert.coverage', { ...facts(n, donation), code }),
        whatsapp: templateMessage(
          WHATSAPP_TEMPLATES.foodAlert,
          n.language,
          [message(n.language, 'whatsapp.facts', facts(n, donation)), code],
          [`1 ${code}`],
        ),
        expiresAt: donation.expiryTime,
      };
    }
    if (n.type === 'coverage_unclaimed' && open && donation.deliveryMethod === 'volunteer') {
      // "Take it yourself" names the food bank nearest the pickup, while the food is fit for people
      // and no receiver has been accepted for it.
      const foodBank =
        donation.status === 'pending' &&
        isFitForPeopleAt(donation, new Date()) &&
        donation.pickupLat !== null
          ? await nearestFoodBank(tx, { lat: donation.pickupLat, lng: donation.pickupLng! })
          : undefined;
      const code = await issueReplyCode(tx, {
        userId: n.userId,
        action: 'unclaimed',
        donationId: donation.id,
        expiresAt: donation.expiryTime,
        destinationUserId: foodBank?.id ?? null,
      });
      const values = {
        ...facts(n, donation),
        code,
        hours: EXTEND_BY_REPLY_HOURS,
        destination: foodBank ? (foodBank.organizationName ?? foodBank.name) : '',
      };
      return {
        body: message(
          n.language,
          foodBank ? 'sms.alert.unclaimed' : 'sms.alert.unclaimedNoFoodBank',
          values,
        ),
        whatsapp: templateMessage(
          foodBank ? WHATSAPP_TEMPLATES.unclaimed : WHATSAPP_TEMPLATES.unclaimedLater,
          n.language,
          [message(n.language, 'whatsapp.facts', facts(n, donation)), code],
          (foodBank ? ['1', '2', '3'] : ['2', '3']).map((choice) => `${choice} ${code}`),
        ),
        expiresAt: donation.expiryTime,
      };
    }
    if (n.type === 'incoming_delivery' && donation && data.requestId) {
      const incoming = await this.incoming(tx, n, donation, data.requestId);
      if (incoming) return incoming;
    }
    const { title, message: text } = notificationText(n.language, n);
    return {
      body: message(n.language, 'sms.alert.notice', { title, message: text }),
      // The template puts its own full stop after each part.
      whatsapp: templateMessage(
        WHATSAPP_TEMPLATES.notice,
        n.language,
        [title, text].map((part) => part.replace(/[\s.।!]+$/u, '')),
      ),
      expiresAt: null,
    };
  }

  /**
   * A receiver's incoming delivery, while it still waits for their word: who brings what from
   * whom, and "reply 1 <code>" to say they expect it (the app's own accept, as the receiver).
   */
  private async incoming(
    tx: DbOrTx,
    n: Claimed,
    donation: DonationRow,
    requestId: string,
  ): Promise<Composed | null> {
    const request = await findRequest(tx, requestId);
    if (
      !request ||
      request.destinationUserId !== n.userId ||
      request.destinationAccepted ||
      (request.status !== 'accepted' && request.status !== 'collected')
    )
      return null;
    const carrierId = request.volunteerId ?? donation.donorId;
    const carrier = carrierId === donation.donorId ? undefined : await findUserById(tx, carrierId);
    const values = {
      ...facts(n, donation),
      donor: donation.donorName,
      carrier: carrier?.name ?? donation.donorName,
    };
    const expiresAt = new Date(Date.now() + ACCEPT_BY_REPLY_HOURS * 3600_000);
    const code = await issueReplyCode(tx, {
      userId: n.userId,
      action: 'accept',
      donationId: donation.id,
      requestId: request.id,
      expiresAt,
    });
    return {
      body: message(n.language, 'sms.alert.incoming', { ...values, code }),
      whatsapp: templateMessage(
        WHATSAPP_TEMPLATES.incoming,
        n.language,
        [message(n.language, 'whatsapp.incomingFacts', values), code],
        [`1 ${code}`],
      ),
      expiresAt,
    };
  }
}
