import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { UiLanguage } from '@annasetu/domain';
import type { Database, Tx } from '../../db/client.js';
import { NotificationComposer } from '../outbox/composer.js';
import type { Mailer } from '../../plugins/mailer.js';
import { claimUnmailed } from '../notifications/notifications.queries.js';
import { ChannelOutbox, PermanentSendError, type ChannelSender } from '../outbox/outbox.js';
import { enqueueMessage, type OutgoingMessage } from '../outbox/outbox.queries.js';
import { notificationMail } from './notification.mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends notifications by email to users who turned that on. */
    notificationMail: NotificationMailDispatcher;
  }
}

/** A notification mailed a day late is no longer news: retries stop then. */
const MAIL_LIFETIME_MS = 24 * 3600_000;

/** Mail through the app's mailer; a 5xx answer from the mail server is final, anything else is retried. */
export function mailSender(mailer: Mailer): ChannelSender {
  return {
    ready: true,
    async send(message) {
      const { subject, html } = message.payload as { subject: string; html: string };
      const result = await mailer.send({
        to: message.recipient,
        subject,
        text: message.body,
        html,
      });
      if (result.delivered) return result.messageId ? [result.messageId] : [];
      const reason = result.error?.message ?? 'mail not sent';
      throw result.error?.permanent ? new PermanentSendError(reason) : new Error(reason);
    },
  };
}

/**
 * Emails each new notification to its recipient when they turned email notifications on, in
 * their language; the email channel's outbox sends it, retrying while the mail server is down,
 * so a slow or absent server never fails or delays the action, and each notification is mailed
 * at most once.
 */
export class NotificationMailDispatcher extends NotificationComposer {
  constructor(
    database: Database,
    mailer: Mailer,
    private readonly options: { baseUrl: string; logger: FastifyBaseLogger; intervalMs?: number },
  ) {
    super(
      database,
      new ChannelOutbox(database, 'email', mailSender(mailer), {
        logger: options.logger,
        concurrency: 4,
      }),
      {
        logger: options.logger,
        failure: 'notification mail composing failed',
        ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
      },
    );
  }

  protected async queueBatch(tx: Tx, limit: number) {
    const batch = await claimUnmailed(tx, limit);
    const expiresAt = new Date(Date.now() + MAIL_LIFETIME_MS);
    const messages: OutgoingMessage[] = batch
      // An anonymised (deleted) account has no address to write to.
      .filter((n) => n.wantsEmail && n.deletedAt === null)
      .map((n) => {
        const mail = notificationMail(
          { email: n.email, name: n.name, language: n.language as UiLanguage },
          { type: n.type, data: (n.data ?? {}) as Record<string, string> },
          this.options.baseUrl,
        );
        return {
          channel: 'email',
          recipient: mail.to,
          kind: 'alert',
          language: n.language,
          body: mail.text,
          payload: { subject: mail.subject, html: mail.html },
          segments: 1,
          expiresAt,
        };
      });
    await enqueueMessage(tx, ...messages);
    return { claimed: batch.length, queued: messages.length };
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
