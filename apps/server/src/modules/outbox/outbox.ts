import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { OutboxRow } from '../../db/schema/index.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import { claimDue, markNotSent, markSent, type OutboxChannel } from './outbox.queries.js';

const BATCH = 20;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 12;
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 10 * 60_000;

/** What hands a queued message to its channel. */
export interface ChannelSender {
  /** False while the channel cannot take messages (no SMPP bind): the round waits. */
  readonly ready: boolean;
  /**
   * Sends one message; resolves with the channel's message ids (one per SMS part, none where
   * the channel gives none). Throws when the channel did not take it.
   */
  send(message: OutboxRow): Promise<string[]>;
}

/**
 * A refusal that sending again cannot change (a number not on WhatsApp, a browser that dropped
 * its subscription, a mailbox that does not exist): the message is given up at once instead of
 * retried for hours.
 */
export class PermanentSendError extends Error {}

/**
 * Sends one channel's queued messages; every channel (SMS, WhatsApp, Web Push, mail) runs one
 * of these over the one outbox table. A message leaves the queue only when the channel accepted
 * it; a refusal or a channel that is down puts it back with a growing pause, and a new bind or a
 * mail server back up sends what waited. Messages that are no longer worth sending (a one-time
 * code that expired, an alert about food that is gone) are not sent late.
 */
export class ChannelOutbox {
  private readonly rounds: SerialRounds;
  /** Messages (not parts) accepted by the channel since start. */
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly channel: OutboxChannel,
    private readonly sender: ChannelSender,
    private readonly options: {
      logger: FastifyBaseLogger;
      intervalMs?: number;
      /**
       * Messages sent at once. SMS goes one by one (the SMPP window and the operator's rate
       * govern it); push services and mail servers answer each request on its own.
       */
      concurrency?: number;
      /** Told of every round's outcome (metrics). */
      onRound?: (ok: boolean) => void;
    },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: `${channel} dispatch failed`,
      intervalMs: options.intervalMs ?? 5_000,
      ...(options.onRound ? { onRound: options.onRound } : {}),
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
      const batch = await claimDue(this.database.db, BATCH, LEASE_SECONDS, this.channel);
      if (batch.length === 0) return;
      const concurrency = this.options.concurrency ?? 1;
      for (let i = 0; i < batch.length; i += concurrency) {
        await Promise.all(batch.slice(i, i + concurrency).map((message) => this.send(message)));
      }
      if (batch.length < BATCH) return;
    }
  }

  private async send(message: OutboxRow): Promise<void> {
    const db = this.database.db;
    if (message.expiresAt && message.expiresAt.getTime() <= Date.now()) {
      await markNotSent(db, message.id, 'expired before it could be sent', {
        status: 'expired',
      });
      return;
    }
    try {
      const ids = await this.sender.send(message);
      await markSent(db, message.id, ids);
      this.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentSendError || message.attempts >= MAX_ATTEMPTS;
      const delayMs = Math.min(RETRY_BASE_MS * 2 ** (message.attempts - 1), RETRY_MAX_MS);
      this.options.logger.warn(
        { messageId: message.id, channel: this.channel, reason, giveUp },
        'message not sent',
      );
      await markNotSent(db, message.id, reason, giveUp ? { status: 'failed' } : { delayMs });
    }
  }
}
