import fp from 'fastify-plugin';
import type { WhatsAppSettings } from '../../config/env.js';
import { safeEqual } from '../../lib/constant-time.js';
import { AppError } from '../../lib/errors.js';
import { ChannelOutbox } from '../outbox/outbox.js';
import { firstReceipt, recordReceipt } from '../outbox/outbox.queries.js';
import {
  readWebhook,
  sendWhatsApp,
  signatureValid,
  textMessage,
  type InboundWhatsApp,
} from './cloud-api.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp channel, or null when the Cloud API is not configured. */
    whatsapp: WhatsAppChannel | null;
  }
}

/** What modules use of the WhatsApp channel. */
export interface WhatsAppChannel {
  outbox: ChannelOutbox;
  /** Hears each message a person sends or button they tap, once per message id. */
  onMessage: (handler: (message: InboundWhatsApp) => void) => void;
}

/** Where Meta delivers the webhook (configured in the app's WhatsApp settings). */
export const WEBHOOK_PATH = '/api/channels/whatsapp/webhook';

/** A webhook delivery is small; Meta batches at most a few hundred messages. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * WhatsApp through the Cloud API (decision 0069): queued messages are sent from the shared
 * phone-message outbox; the webhook answers Meta's verification, accepts only deliveries signed
 * with the app secret, records status callbacks and hands each new message (once, by its id) to
 * whoever listens (the replies module answers them). Off without settings: no route, no outbox.
 */
export default fp(
  async (app, options: { settings: WhatsAppSettings | undefined; outboxIntervalMs?: number }) => {
    const settings = options.settings;
    if (!settings) {
      app.decorate('whatsapp', null);
      return;
    }
    const outbox = new ChannelOutbox(
      app.database,
      'whatsapp',
      {
        ready: true,
        send: async (message) => [
          await sendWhatsApp(
            settings,
            message.recipient,
            message.payload ?? textMessage(message.body),
          ),
        ],
      },
      {
        logger: app.log,
        ...(options.outboxIntervalMs ? { intervalMs: options.outboxIntervalMs } : {}),
      },
    );
    const listeners: Array<(message: InboundWhatsApp) => void> = [];
    app.decorate('whatsapp', {
      outbox,
      onMessage: (listener: (message: InboundWhatsApp) => void) => void listeners.push(listener),
    });

    // Outside the API's sessions and CSRF checks: Meta signs its deliveries instead.
    await app.register(async (webhook) => {
      // The signature is over the bytes as sent: the body is read raw and parsed after the check.
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );

      webhook.get(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const challenge = query['hub.challenge'];
        const token = query['hub.verify_token'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          typeof token !== 'string' ||
          typeof challenge !== 'string' ||
          !safeEqual(token, settings.verifyToken)
        ) {
          throw new AppError('FORBIDDEN', undefined, 'The verify token does not match.');
        }
        return reply.type('text/plain; charset=utf-8').send(challenge);
      });

      webhook.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
        const raw = request.body;
        if (
          !Buffer.isBuffer(raw) ||
          !signatureValid(settings.appSecret, raw, request.headers['x-hub-signature-256'])
        ) {
          throw new AppError('FORBIDDEN', undefined, 'The webhook signature is missing or wrong.');
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('MALFORMED_JSON');
        }
        const delivery = readWebhook(parsed, settings.phoneNumberId);
        if (!delivery) throw new AppError('INVALID_VALUE');
        const db = app.database.db;
        for (const status of delivery.statuses) {
          await recordReceipt(db, status.id, status.delivered);
        }
        // Noted before the answer: Meta repeats a delivery it saw no answer to, and a repeat is
        // acted on once.
        const fresh: InboundWhatsApp[] = [];
        for (const message of delivery.messages) {
          if (await firstReceipt(db, 'whatsapp', message.id)) fresh.push(message);
        }
        for (const message of fresh) for (const listener of listeners) listener(message);
        return reply.code(200).send({ received: delivery.messages.length });
      });
    });

    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'whatsapp', dependencies: ['database'] },
);
