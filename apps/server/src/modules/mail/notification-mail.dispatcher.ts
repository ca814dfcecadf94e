import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { UiLanguage } from '@annasetu/domain';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../plugins/mailer.js';
import { claimUnmailed } from '../notifications/notifications.queries.js';
import { notificationMail } from './notification.mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends notifications by email to users who turned that on. */
    notificationMail: NotificationMailDispatcher;
  }
}

const BATCH = 100;

/**
 * Emails each new notification to its recipient when they turned email notifications on, in
 * their language. Like Web Push it is an outbox read after the commit (woken by live events and
 * a timer), so a mail server that is slow or down never fails or delays the action; the mailer
 * logs a message it could not send, and each notification is mailed at most once.
 */
export class NotificationMailDispatcher {
  // Rounds run one after another; a wake during a round queues at most one more.
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private timer: NodeJS.Timeout | undefined;
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly options: { baseUrl: string; logger: FastifyBaseLogger; intervalMs?: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.wake(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
    void this.wake();
  }

  /** Stops the timer and resolves when the round under way (if any) has finished. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }

  /** Schedules a round (one queued round covers any number of wakes). */
  wake(): Promise<void> {
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain.then(async () => {
      this.queued = false;
      try {
        await this.round();
      } catch (err) {
        this.options.logger.error({ err }, 'notification mail dispatch failed');
      }
    });
    return this.chain;
  }

  /** Resolves when every notification committed so far has been handled (tests await it). */
  drain(): Promise<void> {
    return this.wake();
  }

  private async round(): Promise<void> {
    for (;;) {
      const batch = await claimUnmailed(this.database.db, BATCH);
      const sends = batch
        // An anonymised (deleted) account has no address to write to.
        .filter((n) => n.wantsEmail && n.deletedAt === null)
        .map(async (n) => {
          const message = notificationMail(
            { email: n.email, name: n.name, language: n.language as UiLanguage },
            { type: n.type, data: (n.data ?? {}) as Record<string, string> },
            this.options.baseUrl,
          );
          const result = await this.mailer.send(message);
          if (result.delivered) this.sent += 1;
        });
      await Promise.all(sends);
      if (batch.length < BATCH) return;
    }
  }
}

/** Starts the email dispatcher with the app and wakes it whenever a notification commits. */
export default fp(
  async (app, options: { baseUrl: string }) => {
    const dispatcher = new NotificationMailDispatcher(app.database, app.mailer, {
      baseUrl: options.baseUrl,
      logger: app.log,
    });
    app.decorate('notificationMail', dispatcher);
    app.live.onEvent((event) => {
      if (event.kind === 'notification') void dispatcher.wake();
    });
    app.addHook('onReady', async () => dispatcher.start());
    // A round still sending must finish before the mailer and the database close.
    app.addHook('onClose', async () => dispatcher.stop());
  },
  { name: 'notification-mail', dependencies: ['database', 'live'] },
);
