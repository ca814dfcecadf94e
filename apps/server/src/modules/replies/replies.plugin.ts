import fp from 'fastify-plugin';
import { spendSmsBudget } from '../sms/sms-budget.js';
import { splitSms } from '../sms/sms-segments.js';
import { enqueueMessage, type PhoneChannel } from '../outbox/outbox.queries.js';
import { buttonsMessage, textMessage } from '../whatsapp/cloud-api.js';
import { PhoneAlertDispatcher } from './phone-alerts.js';
import { answerReply } from './replies.service.js';

/**
 * Answers that only explain (help, which alert, no such code, already answered) one number gets
 * in an hour, per channel: an auto-reply on the other side would otherwise answer each answer.
 * An SMS costs a message each; on WhatsApp an answer within the person's 24 hours costs nothing
 * and a tapped button that got no word back looks broken, so the bound there is looser.
 */
export const HELP_ANSWERS_PER_HOUR: Record<PhoneChannel, number> = { sms: 3, whatsapp: 20 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts by SMS and WhatsApp and the answers to replies; null without either channel. */
    replies: {
      alerts: PhoneAlertDispatcher;
      /** Resolves when every message received so far has been answered (tests await it). */
      handled: () => Promise<void>;
    } | null;
  }
}

/**
 * Alerts a person can answer (decisions 0068, 0069): notifications a person asked to get by SMS
 * or WhatsApp are sent there, coverage alerts with a reply code (and buttons on WhatsApp), and
 * each message a person sends is acted on and answered in their language, on the channel it came
 * by; SMS within the day's SMS budget. Off without either channel.
 */
export default fp(
  async (app, options: { dailyBudget: number }) => {
    const { sms, whatsapp } = app;
    if (!sms && !whatsapp) {
      app.decorate('replies', null);
      return;
    }
    const wakeOutboxes = () => {
      void sms?.outbox.wake();
      void whatsapp?.outbox.wake();
    };
    const alerts = new PhoneAlertDispatcher(app.database, app.counters, {
      dailyBudget: options.dailyBudget,
      channels: { sms: sms !== null, whatsapp: whatsapp !== null },
      logger: app.log,
      onQueued: wakeOutboxes,
    });

    /** Acts on a person's message and queues the answer; a stranger's number gets none. */
    async function answer(channel: PhoneChannel, from: string, text: string): Promise<void> {
      try {
        const reply = await answerReply(
          { database: app.database, logger: app.log },
          from,
          text,
          channel,
        );
        if (!reply) return;
        // Help and "which one?" answers are few an hour: an auto-reply on the other side would
        // otherwise answer each answer, and spend the day's budget the sign-in codes need.
        if (!reply.acted) {
          const { count } = await app.counters.hit(`${channel}-help:${from}`, 3600_000);
          if (count > HELP_ANSWERS_PER_HOUR[channel]) {
            app.log.info('a reply was not answered: help answers for this number spent');
            return;
          }
        }
        if (channel === 'sms' && !(await spendSmsBudget(app.counters, options.dailyBudget))) {
          app.log.warn('daily SMS budget spent; a reply was not answered');
          return;
        }
        // On WhatsApp the answer is free-form (the person wrote within the last 24 hours), and
        // "which alert?" comes with a button per open alert.
        await enqueueMessage(app.database.db, {
          recipient: from,
          channel,
          kind: 'reply',
          language: reply.language,
          body: reply.body,
          segments: channel === 'sms' ? splitSms(reply.body).parts.length : 1,
          expiresAt: null,
          ...(channel === 'whatsapp'
            ? {
                payload: reply.buttons
                  ? buttonsMessage(reply.body, reply.buttons)
                  : textMessage(reply.body),
              }
            : {}),
        });
        wakeOutboxes();
      } catch (err) {
        app.log.error({ err, channel }, 'a reply was not answered');
      }
    }

    // Messages are answered one after another, in the order they came.
    let answered = Promise.resolve();
    const queue = (channel: PhoneChannel, from: string, text: string) => {
      answered = answered.then(() => answer(channel, from, text));
    };
    sms?.onMessage((inbound) => queue('sms', inbound.from, inbound.text));
    whatsapp?.onMessage((inbound) => queue('whatsapp', inbound.from, inbound.text));
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
  { name: 'replies', dependencies: ['database', 'live', 'sms', 'whatsapp'] },
);
