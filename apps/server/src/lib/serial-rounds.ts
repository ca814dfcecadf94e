import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs an outbox's dispatch rounds one after another: woken by live events and by a timer as a
 * safety net; a wake during a round queues at most one more. Once stopped, wakes are ignored, so
 * a late event arriving while the server shuts down cannot start a round on a closing database.
 */
export class SerialRounds {
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly options: {
      logger: FastifyBaseLogger;
      /** Logged with the error when a round fails. */
      failure: string;
      intervalMs?: number;
      /** Told of every round's outcome (metrics). */
      onRound?: (ok: boolean) => void;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.wake(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
    void this.wake();
  }

  /** Stops the timer and later wakes; resolves when the round under way (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }

  /** Schedules a round (one queued round covers any number of wakes). */
  wake(): Promise<void> {
    if (this.queued || this.stopped) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      if (this.stopped) return;
      try {
        await this.round();
        this.options.onRound?.(true);
      } catch (err) {
        this.options.onRound?.(false);
        this.options.logger.error({ err }, this.options.failure);
      }
    });
    return this.chain;
  }
}
