import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: the envelope and the raw MIME text. */
export interface DeliveredMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * An SMTP server on 127.0.0.1 that records what the app hands it (a real SMTP conversation, no
 * TLS, no authentication). `url` is the app's SMTP_URL for it.
 */
export async function startSmtpSink() {
  const delivered: DeliveredMail[] = [];
  /** Recipients the server refuses, with the SMTP code, for the next `times` attempts. */
  const refusals = new Map<string, { code: number; times: number }>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address);
      if (refusal && refusal.times > 0) {
        refusal.times -= 1;
        const error = Object.assign(new Error(`refused ${address.address}`), {
          responseCode: refusal.code,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    /** Refuses mail to `address` with `code` (451: try later; 550: no such mailbox) `times` times. */
    refuse(address: string, code: number, times = Infinity) {
      refusals.set(address, { code, times });
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
