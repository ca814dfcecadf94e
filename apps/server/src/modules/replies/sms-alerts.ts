import type { FastifyBaseLogger } from 'fastify';
import { isFitForPeopleAt, isHygieneCurrent, optInEnabled } from '@annasetu/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { DonationRow } from '../../db/schema/index.js';
import type { CounterStore } from '../../lib/counters.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import { message, timeOfDay } from '../../messages/index.js';
import { findDonation } from '../donations/donations.queries.js';
import { knownType, notificationText } from '../notifications/notification-text.js';
import { claimUntexted } from '../notifications/notifications.queries.js';
import { spendSmsBudget } from '../sms/sms-budget.js';
import { splitSms } from '../sms/sms-segments.js';
import { enqueueSms } from '../sms/sms.queries.js';
import { issueReplyCode, nearestFoodBank } from './reply-codes.queries.js';
import { EXTEND_BY_REPLY_HOURS } from './replies.service.js';

const BATCH = 50;

type Claimed = Awaited<ReturnType<typeof claimUntexted>>[number];

/** Where food waits, without the house: the last two parts of the address ("Indiranagar, Bengaluru"). */
export function localityOf(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length <= 2 ? parts.join(', ') : parts.slice(-2).join(', ');
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
 * Texts each new notification to a recipient who turned SMS on for its type and has a verified
 * number (decision 0068), through the SMS outbox, within the day's SMS budget. A coverage alert
 * says what, where (the locality; the address comes once the food is theirs) and until when,
 * and carries a reply code: "reply 1 KTP to take it"; a donor's warning that food is still
 * unclaimed offers three answers (take it to the nearest food bank yourself, keep it on offer two
 * hours more, withdraw it). Other kinds go as their title and message.
 * Like push and email it reads notifications after their commit, so a slow SMSC never holds an
 * action, and each notification is handled once.
 */
export class SmsAlertDispatcher {
  private readonly rounds: SerialRounds;
  /** Alerts queued since start; `skipped` were not (no verified number, budget spent, food gone). */
  queued = 0;
  skipped = 0;

  constructor(
    private readonly database: Database,
    private readonly counters: CounterStore,
    private readonly options: {
      dailyBudget: number;
      logger: FastifyBaseLogger;
      /** Told after a round queued messages (the outbox sends them). */
      onQueued: () => void;
      intervalMs?: number;
    },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: 'sms alert dispatch failed',
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

  /** Queues one notification's text; false when it is not sent. */
  private async text(n: Claimed): Promise<boolean> {
    if (!n.phoneVerifiedAt || n.deletedAt || n.suspendedAt) return false;
    // Asked again here, not only when stored: a row written any other way (an import, a
    // history) leaves `texted_at` empty, and an SMS nobody asked for costs money.
    if (!optInEnabled(n.notificationsOn, knownType(n.type), 'sms')) return false;
    return this.database.db.transaction(async (tx) => {
      const made = await this.compose(tx, n);
      if (!made) return false;
      if (!(await spendSmsBudget(this.counters, this.options.dailyBudget))) {
        this.options.logger.warn({ type: n.type }, 'daily SMS budget spent; alert not texted');
        return false;
      }
      await enqueueSms(tx, {
        phone: n.phone,
        kind: 'alert',
        language: n.language,
        body: made.body,
        segments: splitSms(made.body).parts.length,
        expiresAt: made.expiresAt,
      });
      return true;
    });
  }

  private async compose(
    tx: DbOrTx,
    n: Claimed,
  ): Promise<{ body: string; expiresAt: Date | null } | null> {
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
        expiresAt: donation.expiryTime,
      };
    }
    const { title, message: text } = notificationText(n.language, n);
    return {
      body: message(n.language, 'sms.alert.notice', { title, message: text }),
      expiresAt: null,
    };
  }
}
