import fp from 'fastify-plugin';
import type { SmsKind, SmsSettings } from '../../config/env.js';
import { SmppClient, type InboundSms } from './smpp-client.js';
import { ChannelOutbox } from '../outbox/outbox.js';
import { smppSender } from './smpp-sender.js';
import { recordReceipt } from '../outbox/outbox.queries.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS channel, or null when no SMSC is configured (no phone sign-in then). */
    sms: SmsChannel | null;
  }
}

/** What modules use of the SMS channel. */
export interface SmsChannel {
  outbox: ChannelOutbox;
  client: SmppClient;
  /** Hears every message a person sends (not receipts), after the SMSC was told it arrived. */
  onMessage: (handler: (message: InboundSms) => void) => void;
}

/** The DLT template of a message kind in a language: its own, else the one for every language. */
export function templateFor(settings: SmsSettings, kind: string, language: string) {
  const templates =
    kind in settings.dltTemplates ? settings.dltTemplates[kind as SmsKind] : undefined;
  return templates?.[language] ?? templates?.['*'];
}

/**
 * Binds to the SMSC when the app is ready and unbinds when it closes. Delivery receipts update
 * the outbox; a bind (first or again after a drop) sends whatever waited. People's messages go
 * to whoever listens (the replies module answers them).
 */
export default fp(
  async (app, options: { settings: SmsSettings | undefined; outboxIntervalMs?: number }) => {
    const settings = options.settings;
    if (!settings) {
      app.decorate('sms', null);
      return;
    }
    // The client wakes the outbox, which sends through the client: made one after the other.
    const late: { outbox?: ChannelOutbox } = {};
    const listeners: Array<(message: InboundSms) => void> = [];
    const client = new SmppClient(settings, {
      logger: app.log,
      onBound: () => void late.outbox?.wake(),
      onMessage: (inbound) => {
        for (const listener of listeners) listener(inbound);
      },
      onReceipt: (receipt) => {
        recordReceipt(app.database.db, receipt.messageId, receipt.delivered).catch((err: unknown) =>
          app.log.error({ err }, 'sms receipt not recorded'),
        );
      },
    });
    const sender = smppSender(client, (kind, language) => templateFor(settings, kind, language));
    const outbox = new ChannelOutbox(app.database, 'sms', sender, {
      logger: app.log,
      ...(options.outboxIntervalMs ? { intervalMs: options.outboxIntervalMs } : {}),
    });
    late.outbox = outbox;
    app.decorate('sms', {
      outbox,
      client,
      onMessage: (listener: (message: InboundSms) => void) => void listeners.push(listener),
    });
    app.addHook('onReady', async () => {
      client.start();
      outbox.start();
    });
    app.addHook('onClose', async () => {
      await outbox.stop();
      await client.stop();
    });
  },
  { name: 'sms', dependencies: ['database'] },
);
