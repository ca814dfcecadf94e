import { createHash } from 'node:crypto';
import type { ChannelSender } from '../outbox/outbox.js';
import type { SmppClient } from './smpp-client.js';

/** SMS through the SMPP bind, each kind with its DLT template. */
export function smppSender(
  client: SmppClient,
  templateFor: (kind: string, language: string) => string | undefined,
): ChannelSender {
  return {
    get ready() {
      return client.isBound;
    },
    send: (message) =>
      client.submit({
        phone: message.recipient,
        text: message.body,
        reference: createHash('sha256').update(message.id).digest()[0]!,
        templateId: templateFor(message.kind, message.language),
      }),
  };
}
