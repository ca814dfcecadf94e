import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** One email: plain text for every client, simple HTML for those that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What became of one email. */
export interface MailResult {
  delivered: boolean;
  /** The Message-ID the mail went out with. */
  messageId?: string;
  outboxFile?: string;
  /** Why it was not delivered; `permanent` when the server refused for good (SMTP 5xx). */
  error?: { message: string; permanent: boolean };
}

/** Sends mail. Never throws: a lost email must not fail the action that caused it. */
export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is rendered to a real RFC 822 file in the
 * outbox folder and logged, so someone running locally can open it and follow its links.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        if (options.smtpUrl) {
          options.logger.info({ to: message.to, messageId: info.messageId }, 'mail sent');
          return { delivered: true, messageId: info.messageId };
        }
        await fs.mkdir(options.outboxDir, { recursive: true });
        const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
        const file = path.join(
          options.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`,
        );
        // Written aside and renamed, so a reader never sees half a message.
        await fs.writeFile(`${file}.tmp`, info.message as Buffer);
        await fs.rename(`${file}.tmp`, file);
        options.logger.info(
          { to: message.to, file, text: message.text },
          'mail written to the outbox',
        );
        return { delivered: true, messageId: info.messageId, outboxFile: file };
      } catch (error) {
        options.logger.error({ err: error, to: message.to }, 'mail could not be sent');
        // SMTP's 5xx replies are final (no such mailbox, refused); 4xx, a refused connection or
        // a timeout may pass.
        const code = (error as { responseCode?: number }).responseCode;
        return {
          delivered: false,
          error: {
            message: error instanceof Error ? error.message : String(error),
            permanent: code !== undefined && code >= 500,
          },
        };
      }
    },
    close() {
      transport.close();
    },
  };
}
