import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { SerialRounds } from '../../lib/serial-rounds.js';
import type { ChannelOutbox } from './outbox.js';

/** Notifications claimed in one transaction. */
const BATCH = 100;

/**
 * Turns new notifications into messages of one channel (decision 0070). Each round claims a batch
 * of notifications by the channel's mark and queues their messages in the same transaction, so
 * a crash between the two loses nothing and sends nothing twice; the channel's outbox then sends
 * them, with retries. Woken by live events (a notification was committed) and by a timer as a
 * safety net. Nothing here can fail the action that caused the notification: it runs after the
 * commit.
 */
export abstract class NotificationComposer {
  private readonly rounds: SerialRounds;

  protected constructor(
    private readonly database: Database,
    /** The channel's outbox (it starts and stops with the composer). */
    readonly outbox: ChannelOutbox,
    options: { logger: FastifyBaseLogger; failure: string; intervalMs?: number },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: options.logger,
      failure: options.failure,
      ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    });
  }

  /** Claims up to `limit` notifications and queues their messages in `tx`. */
  protected abstract queueBatch(
    tx: Tx,
    limit: number,
  ): Promise<{ claimed: number; queued: number }>;

  /** Messages the channel accepted since start. */
  get sent(): number {
    return this.outbox.sent;
  }

  start(): void {
    this.rounds.start();
    this.outbox.start();
  }

  /** Stops the timers and later wakes; resolves when the rounds under way have finished. */
  async stop(): Promise<void> {
    await this.rounds.stop();
    await this.outbox.stop();
  }

  /** Schedules a round (one queued round covers any number of wakes). */
  wake(): Promise<void> {
    return this.rounds.wake();
  }

  /** Resolves when every notification committed so far was offered to the channel (tests). */
  async drain(): Promise<void> {
    await this.wake();
    await this.outbox.wake();
  }

  private async round(): Promise<void> {
    let queued = 0;
    for (;;) {
      const batch = await this.database.db.transaction((tx) => this.queueBatch(tx, BATCH));
      queued += batch.queued;
      if (batch.claimed < BATCH) break;
    }
    if (queued > 0) void this.outbox.wake();
  }
}
