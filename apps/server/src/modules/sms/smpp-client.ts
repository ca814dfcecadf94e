import type { FastifyBaseLogger } from 'fastify';
import smpp, { type Pdu, type Session } from 'smpp';
import { toE164 } from '@annasetu/domain';
import type { SmsSettings } from '../../config/env.js';
import { concatenationHeader, DATA_CODING, splitSms } from './sms-segments.js';

// DLT ids as the Indian operators' SMPP interface defines them (decision 0060): optional
// parameters 0x1400 (principal entity id) and 0x1401 (content template id), octet strings.
smpp.addTLV('dlt_entity_id', { id: 0x1400, type: smpp.types.tlv.string });
smpp.addTLV('dlt_template_id', { id: 0x1401, type: smpp.types.tlv.string });

/** One message to submit; its parts share one concatenation reference. */
export interface OutgoingSms {
  phone: string;
  text: string;
  /** 0-255: the same on a retry, so a handset joins parts of either attempt. */
  reference: number;
  templateId: string | undefined;
}

/** A text message a person sent to our number (a reply to an alert, or anything else). */
export interface InboundSms {
  /** The sender's number in E.164. */
  from: string;
  text: string;
}

/** A delivery receipt the SMSC sent back: the part's message id and whether it arrived. */
export interface DeliveryReceipt {
  messageId: string;
  delivered: boolean;
}

const RESPONSE_TIMEOUT_MS = 10_000;
const ENQUIRE_LINK_MS = 30_000;
const BACKOFF_MS = [250, 500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * An SMPP 3.4 transceiver bind that stays up: enquire_link keeps it alive, a dropped connection
 * is opened again with growing pauses, and every deliver_sm is answered before it is passed on
 * (a receipt, or a person's message). `submit` fails while unbound: the outbox
 * keeps the message and tries again.
 */
export class SmppClient {
  private session: Session | null = null;
  private bound = false;
  private stopped = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly settings: SmsSettings,
    private readonly options: {
      logger: FastifyBaseLogger;
      onReceipt: (receipt: DeliveryReceipt) => void;
      /** A person's message (not a receipt), after the SMSC was told it arrived. */
      onMessage?: (message: InboundSms) => void;
      /** Told once a bind succeeds (the outbox sends what waited). */
      onBound?: () => void;
      backoffMs?: number[];
    },
  ) {}

  get isBound(): boolean {
    return this.bound;
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const session = this.session;
    this.session = null;
    this.bound = false;
    if (!session) return;
    await new Promise<void>((resolve) => {
      const done = setTimeout(() => session.destroy(() => resolve()), 1_000);
      if (!session.socket.writable) {
        clearTimeout(done);
        session.destroy(() => resolve());
        return;
      }
      session.unbind({}, () => {
        clearTimeout(done);
        session.destroy(() => resolve());
      });
    });
  }

  /** Resolves when bound (or after `ms`, whichever first): the outbox waits a little at start. */
  async whenBound(ms: number): Promise<boolean> {
    if (this.bound) return true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, ms);
      const waiter = () => finish();
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.add(waiter);
    });
    return this.bound;
  }

  /** Submits every part; resolves with the SMSC's message ids, rejects on any refusal. */
  async submit(message: OutgoingSms): Promise<string[]> {
    const session = this.session;
    if (!session || !this.bound) throw new Error('SMPP not bound');
    const { alphabet, parts } = splitSms(message.text);
    const ids: string[] = [];
    for (const [index, part] of parts.entries()) {
      const shortMessage =
        parts.length === 1
          ? part
          : { udh: concatenationHeader(message.reference, parts.length, index + 1), message: part };
      const response = await this.request(session, (onResponse) =>
        session.submit_sm(
          {
            source_addr_ton: /^[0-9+]+$/.test(this.settings.senderId) ? 1 : 5,
            source_addr_npi: /^[0-9+]+$/.test(this.settings.senderId) ? 1 : 0,
            source_addr: this.settings.senderId,
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: message.phone.replace(/^\+/, ''),
            data_coding: DATA_CODING[alphabet],
            registered_delivery: 1,
            short_message: shortMessage,
            ...(this.settings.dltEntityId ? { dlt_entity_id: this.settings.dltEntityId } : {}),
            ...(message.templateId ? { dlt_template_id: message.templateId } : {}),
          },
          onResponse,
        ),
      );
      if (response.command_status !== smpp.ESME_ROK) {
        throw new Error(`submit_sm refused with status ${response.command_status}`);
      }
      ids.push(String(response.message_id ?? ''));
    }
    return ids;
  }

  private request(session: Session, send: (cb: (pdu: Pdu) => void) => boolean): Promise<Pdu> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('SMSC did not answer in time'));
        // An answer that never comes means a dead link: start again.
        session.destroy();
      }, RESPONSE_TIMEOUT_MS);
      const onClose = () => {
        clearTimeout(timer);
        reject(new Error('SMPP connection closed'));
      };
      session.once('close', onClose);
      const sent = send((pdu) => {
        clearTimeout(timer);
        session.off('close', onClose);
        resolve(pdu);
      });
      if (!sent) {
        clearTimeout(timer);
        session.off('close', onClose);
        reject(new Error('SMPP connection not writable'));
      }
    });
  }

  private open(): void {
    if (this.stopped) return;
    const session = smpp.connect({
      host: this.settings.host,
      port: this.settings.port,
      tls: this.settings.tls,
      auto_enquire_link_period: ENQUIRE_LINK_MS,
    });
    this.session = session;
    session.on('connect', () => {
      session.bind_transceiver(
        { system_id: this.settings.systemId, password: this.settings.password },
        (pdu) => {
          if (pdu.command_status !== smpp.ESME_ROK) {
            this.options.logger.error({ status: pdu.command_status }, 'SMPP bind refused');
            session.destroy();
            return;
          }
          this.bound = true;
          this.failures = 0;
          this.options.logger.info('SMPP bound');
          for (const waiter of this.waiters) waiter();
          this.waiters.clear();
          this.options.onBound?.();
        },
      );
    });
    session.on('deliver_sm', (pdu: Pdu) => {
      session.send(pdu.response());
      const receipt = receiptOf(pdu);
      if (receipt) {
        this.options.onReceipt(receipt);
        return;
      }
      const inbound = inboundOf(pdu);
      if (inbound) this.options.onMessage?.(inbound);
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.destroy();
    });
    session.on('error', (err: Error) => {
      this.options.logger.warn({ err }, 'SMPP connection error');
    });
    session.on('close', () => {
      if (this.session !== session) return;
      this.bound = false;
      this.session = null;
      if (this.stopped) return;
      const steps = this.options.backoffMs ?? BACKOFF_MS;
      const wait = steps[Math.min(this.failures, steps.length - 1)]!;
      this.failures += 1;
      this.options.logger.warn({ waitMs: wait }, 'SMPP connection closed; connecting again');
      this.reconnectTimer = setTimeout(() => this.open(), wait);
    });
  }
}

/** A delivery receipt in a deliver_sm: the TLVs when present, else the text "id:… stat:…". */
export function receiptOf(pdu: Pdu): DeliveryReceipt | null {
  const esmClass = Number(pdu.esm_class ?? 0);
  if ((esmClass & 0x3c) !== 0x04) return null;
  const text = (pdu.short_message as { message?: unknown } | undefined)?.message;
  const body =
    typeof text === 'string' ? text : Buffer.isBuffer(text) ? text.toString('latin1') : '';
  const id =
    typeof pdu.receipted_message_id === 'string'
      ? pdu.receipted_message_id
      : /\bid:(\S+)/i.exec(body)?.[1];
  if (!id) return null;
  const state = typeof pdu.message_state === 'number' ? pdu.message_state : undefined;
  const stat = /\bstat:(\w+)/i.exec(body)?.[1]?.toUpperCase();
  return { messageId: id, delivered: state !== undefined ? state === 2 : stat === 'DELIVRD' };
}

/**
 * A person's message in a deliver_sm: its text from `short_message` (or `message_payload`, which
 * carries a longer one), decoded by the package from its data coding. A part of a longer message
 * (a reply is a few characters) is read as it stands.
 */
export function inboundOf(pdu: Pdu): InboundSms | null {
  const textOf = (value: unknown): string => {
    const message = (value as { message?: unknown } | undefined)?.message ?? value;
    return typeof message === 'string'
      ? message
      : Buffer.isBuffer(message)
        ? message.toString('latin1')
        : '';
  };
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  const digits = String(pdu.source_addr ?? '').replace(/[^0-9]/g, '');
  // An international number (TON 1) carries its country code; a national one is read as Indian.
  const from = toE164(Number(pdu.source_addr_ton) === 1 ? `+${digits}` : digits);
  return from ? { from, text } : null;
}
