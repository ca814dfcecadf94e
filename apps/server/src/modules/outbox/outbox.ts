import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SmsOutboxRow } from '../../db/schema/index.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import type { SmppClient } from './smpp-client.js';
import { claimDueSms, markSmsNotSent, markSmsSent, type PhoneChannel } from './sms.queries.js';

const BATCH = 20;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 12;
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 10 * 60_000;

/** What hands a queued message to its channel. */
export interface PhoneSender {
  /** False while the channel cannot take messages (no SMPP bind): the round waits. */
  readonly ready: boolean;
  /** Sends one message; resolves with the channel's message ids (one per SMS part). */
  send(message: SmsOutboxRow): Promise<string[]>;
}

/**
 * A refusal that sending again cannot change (a number not on WhatsApp, a message the channel
 * will never accept): the message is given up at once instead of retried for hours.
 */
export class PermanentSendError extends Error {}

/**
 * Sends one channel's queued messages. A message leaves the queue only when the channel
 * accepted it (every SMS part); a refusal or a dropped link puts it back with a growing pause,
 * and a new bind sends what waited. One-time codes that expired meanwhile are not sent late.
 */
export class PhoneOutbox {
  private readonly rounds: SerialRounds;
  /** Messages (not parts) accepted by the channel since start. */
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly channel: PhoneChannel,
    private readonly sender: PhoneSender,
    private readonly options: { logger: FastifyBaseLogger; intervalMs?: number },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: `${channel} dispatch failed`,
      intervalMs: options.intervalMs ?? 5_000,
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
    if (!this.sender.ready) return;
    for (;;) {
      const batch = await claimDueSms(this.database.db, BATCH, LEASE_SECONDS, this.channel);
      if (batch.length === 0) return;
      for (const message of batch) await this.send(message);
      if (batch.length < BATCH) return;
    }
  }

  private async send(message: SmsOutboxRow): Promise<void> {
    const db = this.database.db;
    if (message.expiresAt && message.expiresAt.getTime() <= Date.now()) {
      await markSmsNotSent(db, message.id, 'expired before it could be sent', {
        status: 'expired',
      });
      return;
    }
    try {
      const ids = await this.sender.send(message);
      await markSmsSent(db, message.id, ids);
      this.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentSendError || message.attempts >= MAX_ATTEMPTS;
      const delayMs = Math.min(RETRY_BASE_MS * 2 ** (message.attempts - 1), RETRY_MAX_MS);
      this.options.logger.warn(
        { messageId: message.id, channel: this.channel, reason, giveUp },
        'message to a phone not sent',
      );
      await markSmsNotSent(db, message.id, reason, giveUp ? { status: 'failed' } : { delayMs });
    }
  }
}

/** SMS through the SMPP bind, each kind with its DLT template. */
export function smppSender(
  client: SmppClient,
  templateFor: (kind: string, language: string) => string | undefined,
): PhoneSender {
  return {
    get ready() {
      return client.isBound;
    },
    send: (message) =>
      client.submit({
        phone: message.phone,
        text: message.body,
        reference: createHash('sha256').update(message.id).digest()[0]!,
        templateId: templateFor(message.kind, message.language),
      }),
  };
}
