import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { UiLanguage } from '@annasetu/domain';
import { SerialRounds } from '../../lib/serial-rounds.js';
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
  private readonly rounds: SerialRounds;
  sent = 0;

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly options: { baseUrl: string; logger: FastifyBaseLogger; intervalMs?: number },
  ) {
    this.rounds = new SerialRounds(() => this.round(), {
      logger: this.options.logger,
      failure: 'notification mail dispatch failed',
      ...(this.options.intervalMs ? { intervalMs: this.options.intervalMs } : {}),
    });
  }

  start(): void {
    this.rounds.start();
  }

  /** Stops the timer and later wakes; resolves when the round under way has finished. */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** Schedules a round (one queued round covers any number of wakes). */
  wake(): Promise<void> {
    return this.rounds.wake();
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
