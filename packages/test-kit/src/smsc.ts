import smpp, { type Pdu, type Session } from 'smpp';
import { Arrivals } from './wait.js';

// The DLT parameters (0x1400 entity id, 0x1401 template id), named as the server names them.
smpp.addTLV('dlt_entity_id', { id: 0x1400, type: smpp.types.tlv.string });
smpp.addTLV('dlt_template_id', { id: 0x1401, type: smpp.types.tlv.string });

/** One text message as the handset would show it: its parts joined. */
export interface ReceivedSms {
  to: string;
  from: string;
  text: string;
  dataCoding: number;
  parts: number;
  /** What each part carried as its concatenation header [ref, total, seq], if any. */
  headers: number[][];
  entityId: string | undefined;
  templateId: string | undefined;
  messageIds: string[];
}

interface Part {
  pdu: Pdu;
  text: string;
  concat: [number, number, number] | null;
  messageId: string;
}

const asText = (value: unknown) =>
  Buffer.isBuffer(value) ? value.toString('latin1') : typeof value === 'string' ? value : undefined;

/**
 * An SMSC on loopback, made with the `smpp` package's server side: it accepts a transceiver
 * bind with the given account, answers enquire_link, accepts submit_sm and joins concatenated
 * parts into messages. Tests can drop every connection, make the next submits vanish with the
 * link, and send delivery receipts.
 */
export class TestSmsc {
  private readonly arrivals = new Arrivals<ReceivedSms>();
  readonly messages: ReceivedSms[] = this.arrivals.items;
  readonly submits: Pdu[] = [];
  binds = 0;
  private readonly partial = new Map<string, Part[]>();
  private nextId = 1;
  /** Submits still to be "lost": the connection drops instead of answering. */
  private dropOnSubmit = 0;

  private constructor(
    private readonly server: smpp.Server,
    readonly port: number,
    private readonly account: { systemId: string; password: string },
  ) {}

  static async start(account = { systemId: 'annasetu', password: 'secret12' }): Promise<TestSmsc> {
    const made: { smsc?: TestSmsc } = {};
    const server = smpp.createServer((session) => made.smsc!.serve(session));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    made.smsc = new TestSmsc(server, port, account);
    return made.smsc;
  }

  /** SMS_SMPP_URL for a server that should send here. */
  get url(): string {
    return `smpp://${this.account.systemId}:${this.account.password}@127.0.0.1:${this.port}`;
  }

  get sessions(): Session[] {
    return this.server.sessions;
  }

  /** Cuts every open connection, as an SMSC restarting would. */
  dropConnections(): void {
    for (const session of [...this.server.sessions]) session.destroy();
  }

  /** The next `count` submit_sm get no answer: the link drops as they arrive. */
  loseNextSubmits(count: number): void {
    this.dropOnSubmit = count;
  }

  /** Sends a delivery receipt for one part over the first bound session. */
  sendReceipt(message: ReceivedSms, messageId: string, delivered: boolean): void {
    const session = this.server.sessions[0];
    if (!session) throw new Error('no session to send the receipt on');
    const stat = delivered ? 'DELIVRD' : 'UNDELIV';
    session.send(
      new smpp.PDU('deliver_sm', {
        source_addr: message.to,
        destination_addr: message.from,
        esm_class: 0x04,
        short_message: `id:${messageId} sub:001 dlvrd:00${delivered ? 1 : 0} stat:${stat} err:000 text:`,
        receipted_message_id: messageId,
        message_state: delivered ? 2 : 5,
      }),
    );
  }

  /**
   * A person's message to the sender's number, as an operator hands it over: a deliver_sm
   * (mobile originated, esm_class 0) from an international number, in the GSM alphabet or, for
   * any other script, UCS-2 (the package picks the coding from the text).
   */
  sendFromHandset(from: string, text: string, { to = 'ANNSTU' } = {}): void {
    const session = this.server.sessions[0];
    if (!session) throw new Error('no session to send the message on');
    session.send(
      new smpp.PDU('deliver_sm', {
        source_addr_ton: 1,
        source_addr_npi: 1,
        source_addr: from.replace(/^\+/, ''),
        destination_addr: to,
        esm_class: 0,
        data_coding: null,
        short_message: text,
      }),
    );
  }

  /** Resolves with the first message (already received or to come) that `match` accepts. */
  waitForMessage(
    match: (message: ReceivedSms) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<ReceivedSms> {
    return this.arrivals.waitFor(match, timeoutMs, 'SMS');
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(session: Session): void {
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: Pdu) => {
      const ok = pdu.system_id === this.account.systemId && pdu.password === this.account.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
      if (ok) this.binds += 1;
      else session.close();
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm_resp', () => undefined);
    session.on('submit_sm', (pdu: Pdu) => {
      if (this.dropOnSubmit > 0) {
        this.dropOnSubmit -= 1;
        session.destroy();
        return;
      }
      this.submits.push(pdu);
      const messageId = `m${this.nextId++}`;
      session.send(pdu.response({ message_id: messageId }));
      this.accept(pdu, messageId);
    });
  }

  private accept(pdu: Pdu, messageId: string): void {
    const body = pdu.short_message as { message?: unknown; udh?: Buffer[] };
    const text = typeof body.message === 'string' ? body.message : String(body.message ?? '');
    const header = body.udh?.find((h) => h[0] === 0x00);
    const concat = header
      ? ([header[2]!, header[3]!, header[4]!] as [number, number, number])
      : null;
    const part: Part = { pdu, text, concat, messageId };
    if (!concat) return this.complete([part]);
    const key = `${String(pdu.destination_addr)}:${concat[0]}`;
    const parts = [
      ...(this.partial.get(key) ?? []).filter((p) => p.concat![2] !== concat[2]),
      part,
    ];
    if (parts.length < concat[1]) {
      this.partial.set(key, parts);
      return;
    }
    this.partial.delete(key);
    this.complete(parts.sort((a, b) => a.concat![2] - b.concat![2]));
  }

  private complete(parts: Part[]): void {
    const first = parts[0]!.pdu;
    this.arrivals.push({
      to: `+${String(first.destination_addr)}`,
      from: String(first.source_addr),
      text: parts.map((p) => p.text).join(''),
      dataCoding: Number(first.data_coding),
      parts: parts.length,
      headers: parts.map((p) => (p.concat ? [...p.concat] : [])),
      entityId: asText(first.dlt_entity_id),
      templateId: asText(first.dlt_template_id),
      messageIds: parts.map((p) => p.messageId),
    });
  }
}
