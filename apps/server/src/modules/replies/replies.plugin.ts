import fp from 'fastify-plugin';
import { spendSmsBudget } from '../sms/sms-budget.js';
import { splitSms } from '../sms/sms-segments.js';
import { enqueueSms } from '../sms/sms.queries.js';
import { answerReply } from './replies.service.js';
import { SmsAlertDispatcher } from './sms-alerts.js';

/** Answers that only explain (help, which alert, no such code) one number gets in an hour. */
export const HELP_ANSWERS_PER_HOUR = 3;

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts by SMS and the answers to replies; null without an SMS channel. */
    replies: {
      alerts: SmsAlertDispatcher;
      /** Resolves when every message received so far has been answered (tests await it). */
      handled: () => Promise<void>;
    } | null;
  }
}

/**
 * Alerts a person can answer (decision 0068): notifications a person asked to get by SMS are
 * texted, coverage alerts with a reply code, and each message a person sends is acted on and
 * answered in their language, within the day's SMS budget. Off without an SMS channel.
 */
export default fp(
  async (app, options: { dailyBudget: number }) => {
    if (!app.sms) {
      app.decorate('replies', null);
      return;
    }
    const sms = app.sms;
    const alerts = new SmsAlertDispatcher(app.database, app.counters, {
      dailyBudget: options.dailyBudget,
      logger: app.log,
      onQueued: () => void sms.outbox.wake(),
    });

    /** Acts on a person's message and queues the answer; a stranger's number gets none. */
    async function answer(from: string, text: string): Promise<void> {
      try {
        const reply = await answerReply({ database: app.database, logger: app.log }, from, text);
        if (!reply) return;
        // Help and "which one?" answers are few an hour: an auto-reply on the other side would
        // otherwise answer each answer, and spend the day's budget the sign-in codes need.
        if (!reply.acted) {
          const { count } = await app.counters.hit(`sms-help:${from}`, 3600_000);
          if (count > HELP_ANSWERS_PER_HOUR) {
            app.log.info('a reply was not answered: help answers for this number spent');
            return;
          }
        }
        if (!(await spendSmsBudget(app.counters, options.dailyBudget))) {
          app.log.warn('daily SMS budget spent; a reply was not answered');
          return;
        }
        await enqueueSms(app.database.db, {
          phone: from,
          kind: 'reply',
          language: reply.language,
          body: reply.body,
          segments: splitSms(reply.body).parts.length,
          expiresAt: null,
        });
        void sms.outbox.wake();
      } catch (err) {
        app.log.error({ err }, 'a reply by SMS was not answered');
      }
    }

    // Messages are answered one after another, in the order they came.
    let answered = Promise.resolve();
    sms.onMessage((inbound) => {
      answered = answered.then(() => answer(inbound.from, inbound.text));
    });
    app.decorate('replies', { alerts, handled: () => answered });
    app.live.onEvent((event) => {
      if (event.kind === 'notification') void alerts.wake();
    });
    app.addHook('onReady', async () => alerts.start());
    // Before the outbox and the database close (plugins close in reverse order).
    app.addHook('onClose', async () => {
      await answered;
      await alerts.stop();
    });
  },
  { name: 'replies', dependencies: ['database', 'live', 'sms'] },
);
