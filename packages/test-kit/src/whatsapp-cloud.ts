import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Arrivals } from './wait.js';

// A stand-in for the WhatsApp Business Platform's Cloud API (Meta's Graph API), which tests
// cannot reach: it speaks the same wire format. `POST /{version}/{phone-number-id}/messages` with
// a bearer token answers as Meta answers (a "wamid" or an error object with Meta's codes), and
// the webhook deliveries it builds are signed with the app secret as Meta signs them
// (`X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>`).

/** One message the app sent, as the stand-in accepted it. */
export interface SentWhatsApp {
  id: string;
  /** E.164, with the "+". */
  to: string;
  type: 'text' | 'template' | 'interactive';
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** Text: the body. Template: its name. Interactive: the body text. */
  text: string;
  /** Template: the body parameters. */
  parameters: string[];
  /** Template quick-reply payloads, or interactive reply buttons' ids, in order. */
  buttons: string[];
  /** Template: the language code. */
  language: string | undefined;
}

/** A webhook delivery: the exact bytes and the headers Meta sends with them. */
export interface WebhookDelivery {
  payload: string;
  headers: Record<string, string>;
}

const VERSION = 'v21.0';
const BUTTON_TITLE_MAX = 20;

function graphError(code: number, message: string, details?: string) {
  return {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What a message's request body must hold, as the Cloud API checks it; null when fine. */
function problemOf(body: Record<string, unknown>): string | null {
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (typeof body.to !== 'string' || !/^\+?[0-9]{6,15}$/.test(body.to)) return 'to is invalid';
  const part = (name: string) => (body[name] ?? null) as Record<string, unknown> | null;
  switch (body.type) {
    case 'text': {
      const text = part('text');
      if (typeof text?.body !== 'string' || text.body.length === 0 || text.body.length > 4096)
        return 'text.body must be 1 to 4096 characters';
      return null;
    }
    case 'template': {
      const template = part('template');
      const language = (template?.language ?? null) as { code?: unknown } | null;
      if (typeof template?.name !== 'string' || typeof language?.code !== 'string')
        return 'template.name and template.language.code are required';
      for (const component of (template.components ?? []) as Array<Record<string, unknown>>) {
        if (component.type === 'button') {
          if (component.sub_type !== 'quick_reply' && component.sub_type !== 'url')
            return 'a button component is quick_reply or url';
          if (typeof component.index !== 'string') return 'a button component needs its index';
          // An authentication template's copy-code button carries the code: at most 15 characters.
          const [first] = (component.parameters ?? []) as Array<{ text?: unknown }>;
          if (
            component.sub_type === 'url' &&
            (typeof first?.text !== 'string' || first.text.length > 15)
          )
            return 'a url button parameter is text of at most 15 characters';
        }
        for (const parameter of (component.parameters ?? []) as Array<Record<string, unknown>>) {
          const value = parameter.type === 'text' ? parameter.text : parameter.payload;
          if (typeof value !== 'string' || value === '' || /[\n\t]| {5,}/.test(value))
            return 'a parameter is empty or holds a new line, a tab or more than 4 spaces';
        }
      }
      return null;
    }
    case 'interactive': {
      const interactive = part('interactive');
      const action = (interactive?.action ?? {}) as { buttons?: Array<Record<string, unknown>> };
      const buttons = action.buttons ?? [];
      if (interactive?.type !== 'button' || buttons.length < 1 || buttons.length > 3)
        return 'an interactive button message has 1 to 3 buttons';
      for (const button of buttons) {
        const reply = (button.reply ?? {}) as { id?: unknown; title?: unknown };
        if (typeof reply.id !== 'string' || typeof reply.title !== 'string')
          return 'a button needs an id and a title';
        if ([...reply.title].length > BUTTON_TITLE_MAX) return 'a button title is too long';
      }
      return null;
    }
    default:
      return 'type is not supported';
  }
}

function summaryOf(id: string, body: Record<string, unknown>): SentWhatsApp {
  const to = `+${String(body.to).replace(/^\+/, '')}`;
  const type = body.type as SentWhatsApp['type'];
  if (type === 'text') {
    const text = String((body.text as { body: string }).body);
    return { id, to, type, body, text, parameters: [], buttons: [], language: undefined };
  }
  if (type === 'template') {
    const template = body.template as {
      name: string;
      language: { code: string };
      components?: Array<{ type: string; parameters?: Array<{ text?: string; payload?: string }> }>;
    };
    const components = template.components ?? [];
    return {
      id,
      to,
      type,
      body,
      text: template.name,
      parameters: components
        .filter((c) => c.type === 'body')
        .flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? '')),
      buttons: components
        .filter((c) => c.type === 'button')
        .flatMap((c) => (c.parameters ?? []).map((p) => p.payload ?? p.text ?? '')),
      language: template.language.code,
    };
  }
  const interactive = body.interactive as {
    body: { text: string };
    action: { buttons: Array<{ reply: { id: string } }> };
  };
  return {
    id,
    to,
    type,
    body,
    text: interactive.body.text,
    parameters: [],
    buttons: interactive.action.buttons.map((b) => b.reply.id),
    language: undefined,
  };
}

export class TestWhatsAppCloud {
  private readonly arrivals = new Arrivals<SentWhatsApp>();
  readonly sent: SentWhatsApp[] = this.arrivals.items;
  /** Requests refused (a bad token, a malformed message). */
  refused = 0;
  /** The next sends answered with this Graph API error instead (throttling, an outage). */
  private failNext: Array<{ status: number; code: number }> = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly account: {
      token: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
    },
  ) {}

  static async start(
    account = {
      token: 'EAAtest-token',
      phoneNumberId: '109876543210',
      appSecret: 'test-app-secret',
      verifyToken: 'verify-me-please',
    },
  ): Promise<TestWhatsAppCloud> {
    const made: { cloud?: TestWhatsAppCloud } = {};
    const server = createServer((request, response) => {
      void made.cloud!.serve(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    made.cloud = new TestWhatsAppCloud(server, port, account);
    return made.cloud;
  }

  /** The settings an app needs to use this stand-in. */
  get env(): Record<string, string> {
    return {
      WHATSAPP_API_URL: `http://127.0.0.1:${this.port}/${VERSION}`,
      WHATSAPP_TOKEN: this.account.token,
      WHATSAPP_PHONE_NUMBER_ID: this.account.phoneNumberId,
      WHATSAPP_APP_SECRET: this.account.appSecret,
      WHATSAPP_VERIFY_TOKEN: this.account.verifyToken,
    };
  }

  /** Answers the next `count` sends with a Graph API error (HTTP `status`, error `code`). */
  failNextSends(count: number, status: number, code: number): void {
    for (let i = 0; i < count; i++) this.failNext.push({ status, code });
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = `/${VERSION}/${this.account.phoneNumberId}/messages`;
    if (request.method !== 'POST' || request.url !== path) {
      answer(404, graphError(100, 'Unsupported post request.'));
      return;
    }
    if (request.headers.authorization !== `Bearer ${this.account.token}`) {
      this.refused += 1;
      answer(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      this.refused += 1;
      answer(400, graphError(100, 'Invalid parameter', 'The request body is not JSON'));
      return;
    }
    const failure = this.failNext.shift();
    if (failure) {
      answer(failure.status, graphError(failure.code, 'Request failed'));
      return;
    }
    const problem = problemOf(body);
    if (problem) {
      this.refused += 1;
      answer(400, graphError(100, '(#100) Invalid parameter', problem));
      return;
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const message = summaryOf(id, body);
    this.arrivals.push(message);
    answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: message.to.slice(1) }],
      messages: [{ id }],
    });
  }

  /** Resolves with the first sent message that matches, waiting for it if need be. */
  waitForMessage(
    match: (message: SentWhatsApp) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<SentWhatsApp> {
    return this.arrivals.waitFor(match, timeoutMs, 'WhatsApp message');
  }

  /** Signs a body as Meta does, with this app's secret (or another, to test a forgery). */
  sign(payload: string, secret = this.account.appSecret): string {
    return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
  }

  private delivery(value: Record<string, unknown>): WebhookDelivery {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '15550783881',
                  phone_number_id: this.account.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': this.sign(payload),
        'user-agent': 'facebookexternalua',
      },
    };
  }

  /**
   * The webhook delivery of a person's message: typed text, a tap on a template's quick-reply
   * button (its payload), or a tap on an interactive reply button (its id).
   */
  messageFrom(
    phone: string,
    what: { text: string } | { quickReply: string } | { buttonReply: string },
    name = 'Test User',
  ): WebhookDelivery & { id: string } {
    const waId = phone.replace(/^\+/, '');
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const content =
      'text' in what
        ? { type: 'text', text: { body: what.text } }
        : 'quickReply' in what
          ? { type: 'button', button: { payload: what.quickReply, text: what.quickReply } }
          : {
              type: 'interactive',
              interactive: {
                type: 'button_reply',
                button_reply: { id: what.buttonReply, title: what.buttonReply },
              },
            };
    return {
      id,
      ...this.delivery({
        contacts: [{ profile: { name }, wa_id: waId }],
        messages: [
          { from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), ...content },
        ],
      }),
    };
  }

  /** The webhook delivery of a sent message's status ('sent', 'delivered', 'read', 'failed'). */
  statusOf(message: SentWhatsApp, status: 'sent' | 'delivered' | 'read' | 'failed') {
    return this.delivery({
      statuses: [
        {
          id: message.id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: message.to.slice(1),
          ...(status === 'failed'
            ? {
                errors: [
                  {
                    code: 131026,
                    title: 'Message undeliverable',
                    message: 'Message undeliverable',
                  },
                ],
              }
            : {}),
        },
      ],
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
