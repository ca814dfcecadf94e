import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SmsOutboxRow } from '../../db/schema/index.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import type { SmppClient } from './smpp-client.js';
import { claimDueSms, markSmsNotSent, markSmsSent } from './sms.queries.js';

const BATCH = 20;
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 12;
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 10 * 60_000;

/**
 * Sends queued text messages through the SMPP bind. A message leaves the queue only when the
 * SMSC accepted every part; a refusal or a dropped link puts it back with a growing pause, and
 * a new bind sends what waited. One-time codes that expired meanwhile are not sent late.
 */
export class SmsOutbox {
  private readonly rounds: SerialRounds;
  /** Messages (not parts) accepted by the SMSC since start. */
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly client: SmppClient,
    private readonly options: {
      logger: FastifyBaseLogger;
      templateFor: (kind: string, language: string) => string | undefined;
      intervalMs?: number;
    },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: 'sms dispatch failed',
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
    if (!this.client.isBound) return;
    for (;;) {
      const batch = await claimDueSms(this.database.db, BATCH, LEASE_SECONDS);
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
      const ids = await this.client.submit({
        phone: message.phone,
        text: message.body,
        reference: createHash('sha256').update(message.id).digest()[0]!,
        templateId: this.options.templateFor(message.kind, message.language),
      });
      await markSmsSent(db, message.id, ids);
      this.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAX_ATTEMPTS;
      const delayMs = Math.min(RETRY_BASE_MS * 2 ** (message.attempts - 1), RETRY_MAX_MS);
      this.options.logger.warn({ smsId: message.id, reason, giveUp }, 'sms not sent');
      await markSmsNotSent(db, message.id, reason, giveUp ? { status: 'failed' } : { delayMs });
    }
  }
}
